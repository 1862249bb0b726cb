/** The one error type services throw; the error handler turns it into `{detail}` with its status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A 422 in FastAPI's shape: `{detail: [{loc, msg, type}]}`. */
export class ValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues[0]?.msg ?? "Validation error");
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail: string) => new AppError(401, detail, { "WWW-Authenticate": "Bearer" });
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const payloadTooLarge = (detail: string) => new AppError(413, detail);
