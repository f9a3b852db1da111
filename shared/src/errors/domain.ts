// Domain errors: facts a service refuses an operation with, in the words of the domain. They carry no HTTP status
// and no address; the one error mapper (shared/src/service) writes each as the API's Error object.

/** A refusal the domain states; never raised for a failure of the server itself. */
export abstract class DomainError extends Error {}

/** What was asked for does not exist, or is hidden from the caller (`what`: "Listing"). */
export class NotFound extends DomainError {
  constructor(readonly what = 'Resource') {
    super(`${what} not found`)
    this.name = 'NotFound'
  }
}

/** What a conflict is about. */
export interface ConflictFacts {
  /** The field of the request that collides (`url`, `name`, `status`); with it, `details` names the conflict. */
  field?: string
  /** The listing that already holds what was asked for. */
  existingId?: string
  /**
   * What the caller is told. Written around the holder's page (a function of it), it points the caller at that
   * listing, and `details` carries the page too.
   */
  message: string | ((page: string) => string)
  /** Why, as `details` says it (`already listed as x`). */
  reason?: string
  /** The state the resource is already in. */
  current?: string
}

/** The operation collides with what exists: a listing holding a name or an address, a state already reached. */
export class Conflict extends DomainError {
  constructor(readonly facts: ConflictFacts) {
    super(typeof facts.message === 'string' ? facts.message : facts.message(`listing ${facts.existingId}`))
    this.name = 'Conflict'
  }
}

/** The caller is known but may not do this (it does not own the listing). */
export class Forbidden extends DomainError {
  constructor(message: string) {
    super(message)
    this.name = 'Forbidden'
  }
}

/** One field of a request that breaks a rule, and why. */
export interface FieldProblem {
  field: string
  message: string
}

/** Values the request's model let through break rules of the domain; `details` names each field and why. */
export class InvalidInput extends DomainError {
  readonly details?: FieldProblem[]
  constructor(message: string, problems?: FieldProblem | FieldProblem[]) {
    super(message)
    this.name = 'InvalidInput'
    if (problems !== undefined) this.details = Array.isArray(problems) ? problems : [problems]
  }
}

/** The caller proved no identity where one is needed; `scheme` names the credential to present (`Bearer`). */
export class Unauthenticated extends DomainError {
  constructor(
    message: string,
    readonly scheme?: 'Bearer',
  ) {
    super(message)
    this.name = 'Unauthenticated'
  }
}

/** A claim link whose secret does not match the listing it is used for. */
export class InvalidClaimLink extends DomainError {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidClaimLink'
  }
}

/** The caller asked too often; it may ask again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
    this.name = 'RateLimited'
  }
}

/**
 * What the answer depends on cannot be reached or relied on now (a store, GitHub), so nothing is decided; with
 * `retryAfterSeconds` when asking again soon is worth it.
 */
export class Unavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'Unavailable'
  }
}

/** A query parameter's value breaks a rule its model cannot state (a cursor this API never returned). */
export class InvalidParameter extends DomainError {
  constructor(
    readonly parameter: string,
    readonly reason: string,
  ) {
    super(`Invalid query parameter "${parameter}": ${reason}`)
    this.name = 'InvalidParameter'
  }
}

/** The category named is none of the accepted spellings; `detail` names where it was given and the value. */
export class UnknownCategory extends DomainError {
  constructor(
    message: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'UnknownCategory'
  }
}

/** A search cursor whose walk of pages began before the oldest history the search index keeps. */
export class StaleCursor extends DomainError {
  constructor() {
    super(
      'The catalog changed too much since this walk of pages began for its order to be kept; start again from the first page (without cursor)',
    )
    this.name = 'StaleCursor'
  }
}

/** Scopes asked for that are not supported (each named, cut short). */
export class UnsupportedScope extends DomainError {
  constructor(
    message: string,
    readonly scopes: string[],
  ) {
    super(message)
    this.name = 'UnsupportedScope'
  }
}

/** A confirmation code that confirms nothing: none is pending (`missing`), it `expired`, or it is `incorrect`. */
export class InvalidCode extends DomainError {
  constructor(
    readonly reason: 'missing' | 'expired' | 'incorrect',
    message: string,
    readonly attemptsRemaining?: number,
  ) {
    super(message)
    this.name = 'InvalidCode'
  }
}

/** Why wrong codes stop a confirmation: the code is dead (`field` code) or the address is locked (`field` email). */
export interface AttemptsFacts {
  field: 'code' | 'email'
  reason: 'too_many_attempts' | 'address_locked' | 'client_locked' | 'address_guarded'
  /** Until when the address (or this client, for it) is refused. */
  lockedUntil?: Date
}

/** Too many wrong confirmation codes: the code is dead, or the address is locked for a while. */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly facts: AttemptsFacts,
  ) {
    super(message)
    this.name = 'TooManyAttempts'
  }
}

/** Ownership was not verified; `checks` says, for the method tried, what was looked for, where, and what was found. */
export class VerificationFailed<Check = unknown> extends DomainError {
  constructor(
    message: string,
    readonly checks: Check[],
  ) {
    super(message)
    this.name = 'VerificationFailed'
  }
}
