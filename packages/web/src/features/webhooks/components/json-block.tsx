import { CodeBlock } from "@/components/code-block";

/** A JSON value pretty-printed in a scrolling monospace box, as a receiver would log it. */
export function JsonBlock({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  return (
    <CodeBlock label={label} testId={testId} sx={{ maxHeight: 360, fontSize: 12.5 }}>
      {JSON.stringify(value, null, 2)}
    </CodeBlock>
  );
}
