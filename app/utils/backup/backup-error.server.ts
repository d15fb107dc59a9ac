/** A refusal or failure that the backup and restore commands explain to the operator in Arabic. */
export class BackupError extends Error {
  override name = "BackupError";
}
