import type { UseFormRegisterReturn } from "react-hook-form";

/** react-hook-form's `ref` must reach the <input>, which MUI exposes as `inputRef`, not `ref`. */
export function muiRegister<T extends string>({ ref, ...rest }: UseFormRegisterReturn<T>) {
  return { ...rest, inputRef: ref };
}
