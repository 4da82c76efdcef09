/**
 * The blob store could not be reached or refused to work (network down, S3 answering 5xx,
 * wrong credentials). Routes answer 503 "try again in a moment"; the cause is logged for the
 * operator and never shown to the user.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}

/** The blob asked for does not exist. */
export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`No blob is stored under ${key}.`);
  }
}
