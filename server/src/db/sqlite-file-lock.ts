import { SqliteDialect, type DatabaseConnection, type Driver, type TransactionSettings } from "kysely";

/** One queue of turns per database file, shared by every connection this process opens to it. */
const turns = new Map<string, Promise<void>>();

async function takeTurn(file: string): Promise<() => void> {
  const previous = turns.get(file) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const queued = previous.then(() => mine);
  turns.set(file, queued);
  await previous;
  return () => {
    if (turns.get(file) === queued) turns.delete(file);
    release();
  };
}

/**
 * Kysely's driver, except that connections of this process to the same file take turns. better-sqlite3
 * waits for a lock synchronously, so a second connection writing while the first holds a transaction
 * open across an `await` would block the very event loop the first needs to commit. With one
 * connection per file (the server's case) the turns cost nothing; they matter when one process opens
 * the file twice, as tests of two instances do.
 */
class FileTurnDriver implements Driver {
  private readonly releases = new Map<DatabaseConnection, () => void>();

  constructor(
    private readonly inner: Driver,
    private readonly file: string,
  ) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) => this.inner.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  savepoint: Driver["savepoint"] = (...args) => this.inner.savepoint!(...args);
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (...args) => this.inner.rollbackToSavepoint!(...args);
  releaseSavepoint: Driver["releaseSavepoint"] = (...args) => this.inner.releaseSavepoint!(...args);

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await takeTurn(this.file);
    const connection = await this.inner.acquireConnection();
    this.releases.set(connection, release);
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }
}

export class SqliteFileDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly file: string,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new FileTurnDriver(super.createDriver(), this.file);
  }
}
