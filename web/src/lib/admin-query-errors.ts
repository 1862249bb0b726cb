import { isApiError } from "./api-client";

/**
 * The admin pages' reads send a failed API call to the Connection Error screen (admin spec 8), after
 * the usual retries. A 401 is the session's to handle (renewal, then the sign-in page); a 404 is an empty list.
 */
export const toConnectionErrorScreen = (error: Error): boolean => isApiError(error) && error.status !== 401 && error.status !== 404;
