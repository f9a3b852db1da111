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

/** A value the request's model let through breaks a rule of the domain; `detail` names the field and why. */
export class InvalidInput extends DomainError {
  constructor(
    message: string,
    readonly detail?: { field: string; message: string },
  ) {
    super(message)
    this.name = 'InvalidInput'
  }
}
