import type { z } from "zod";
import { loginFormSchema } from "@common/auth";
import { registerSchema, type RegisterInput } from "@common/users";

export interface LoginValues {
  username: string;
  password: string;
}

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  display_name: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The first message per field, in the order the schema checks them. */
function fieldErrors<T>(error: z.ZodError): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Login: 'Username or email is required', 'Password is required'. */
export function checkLogin(values: LoginValues): { ok: true; data: LoginValues } | { ok: false; errors: FieldErrors<LoginValues> } {
  const parsed = loginFormSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors<LoginValues>(parsed.error) };
}

/** Registration: username and e-mail required, password of 8 or more, display name defaulting to the username. */
export function checkRegister(values: RegisterValues): { ok: true; data: RegisterInput } | { ok: false; errors: FieldErrors<RegisterValues> } {
  const parsed = registerSchema.safeParse({ ...values, display_name: values.display_name.trim() || values.username.trim() });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors<RegisterValues>(parsed.error) };
}
