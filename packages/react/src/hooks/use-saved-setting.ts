import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A setting kept on the server: read once (again when `read` changes), then changed by `save`, which shows the new
 * value at once and puts the saved one back when the server refuses, so the screen never claims what was not kept.
 * `read` null means the client cannot read it: nothing loads, and `value` stays null.
 */
export function useSavedSetting<T>(read: (() => Promise<T>) | null): {
  value: T | null;
  saving: boolean;
  error: unknown;
  save: (shown: T, write: () => Promise<T>) => Promise<void>;
} {
  const [value, setValue] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = useRef<T | null>(null);
  current.current = value;

  useEffect(() => {
    if (!read) return;
    let live = true;
    read()
      .then((found) => {
        if (live) setValue(found);
      })
      .catch((failure: unknown) => {
        if (live) setError(failure);
      });
    return () => {
      live = false;
    };
  }, [read]);

  const save = useCallback(async (shown: T, write: () => Promise<T>) => {
    const before = current.current;
    setValue(shown);
    setSaving(true);
    setError(null);
    try {
      setValue(await write());
    } catch (failure) {
      setValue(before);
      setError(failure);
    } finally {
      setSaving(false);
    }
  }, []);

  return { value, saving, error, save };
}
