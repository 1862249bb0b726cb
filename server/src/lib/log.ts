/** The part of a logger that services and background work use; pino's loggers have it. */
export interface ServiceLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** For an app built without a logger (tests): warnings and errors still reach stderr. */
export const consoleLog: ServiceLog = {
  warn: (object, message) => console.warn(message, object),
  error: (object, message) => console.error(message, object),
};
