/** A refusal of the publishing API in the registry's shape: a status and a sentence. */
export class PublishError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message)
  }
}
