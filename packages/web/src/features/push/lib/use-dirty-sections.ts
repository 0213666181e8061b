import { useCallback, useState } from "react";

/**
 * The page asks before leaving while any of its separately saved sections has unsaved edits; each section
 * reports under its own name so one saving does not clear another's state.
 */
export function useDirtySections() {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((section: string, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(section) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);
  return { isDirty: dirty.size > 0, report };
}
