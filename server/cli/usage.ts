export const USAGE = `Usage: npm run cli -- <command> [options]
   or: node server/dist/cli.mjs <command> [options]   (where the sources are not: the image)

Commands:
  create-superuser --email E [--password P]
      Creates an active superuser. Without --password a random one is made and
      printed once (prefer that: a password on the command line stays in the
      shell history).
  reset-password --email E [--password P]
      Sets a user's password (random and printed once without --password), ends
      all of their sessions and reset links, and lifts the failed-login back-off.
  reset-two-factor --email E
      Turns off a user's two-factor authentication (they lost their phone and
      their recovery codes); they are told by e-mail. A superuser can do the
      same with DELETE /api/v1/users/{id}/totp.
  backup <file>
      Online backup of the database to <file>, consistent while the server runs.
      Refuses to overwrite an existing file; the file is owner-only (0600). On
      PostgreSQL (DATABASE_URL) it is \`pg_dump --format=custom\` (needs the
      postgresql-client package). Keep the encryption key with it (SECRET_KEY,
      or DATA_DIR/secret.key): two-factor secrets need it.
  restore <file>
      Replaces the database with a backup made by \`backup\`, then applies
      migrations. Stop the server first: restore refuses while it is running
      (on PostgreSQL: while any instance runs on the database). On PostgreSQL
      it is \`pg_restore --clean --if-exists --single-transaction\`: it fails
      whole or replaces the contents whole.
  migrate-data [--from FILE] [--media-from DIR]
      Copies a SQLite database (DATABASE_PATH, or FILE) into the EMPTY
      PostgreSQL database of DATABASE_URL (migrations applied first), in one
      transaction, and prints the row counts per table (checked equal). The
      media files its rows name are copied from DIR (default DATA_DIR/media)
      into DATA_DIR/media. Refused while an instance runs on the database.
      Two-factor secrets stay readable only with the same SECRET_KEY or
      secret.key: bring it along.
  help
      This text.

The configuration (DATA_DIR, DATABASE_PATH, DATABASE_URL, ...) is read from
the environment, as for the server.

Exit status: 0 done, 1 refused (the message says why), 2 bad usage.
`;

/** Bad command line: the usage goes to stderr and the exit status is 2. */
export class UsageError extends Error {}

/** An expected refusal (duplicate e-mail, existing file ...): message only, exit status 1. */
export class CliFailure extends Error {}
