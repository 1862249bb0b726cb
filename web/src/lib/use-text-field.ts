import { type ChangeEvent, useState } from "react";

/** A controlled text field: its value, and `input`, the props that bind it to a TextInput, PasswordInput or Textarea. */
export function useTextField(initial: string | (() => string) = "") {
  const [value, setValue] = useState(initial);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(event.currentTarget.value);
  return { value, setValue, input: { value, onChange } };
}
