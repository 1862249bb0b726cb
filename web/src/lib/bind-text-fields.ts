import type { ChangeEvent } from "react";

/** The keys of V whose values are strings. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/**
 * For a form that keeps its values in one object: the returned `field("email")` is the value and the
 * onChange that bind a TextInput, PasswordInput or Textarea to that string, and `set` gets each change.
 */
export function bindTextFields<V>(values: V, set: (key: TextKey<V>, value: string) => void) {
  return (key: TextKey<V>) => ({
    value: values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.currentTarget.value),
  });
}
