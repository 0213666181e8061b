import type { MessageReceipt } from "@parley/sdk";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitText } from "./kit-text";

/**
 * Where the user's own message stands, as messengers mark it: one tick when the server has it, two when every other
 * member's device has it, two in the accent colour when every other member has read it. Read out by its state's name.
 */
export function ReceiptMark({ receipt }: { receipt: MessageReceipt }) {
  const tokens = useTheme();
  const { t } = useStrings();
  return (
    <KitText
      testID="receipt"
      accessibilityRole="image"
      accessibilityLabel={t(`receipt.${receipt.state}`)}
      size={12}
      style={{ color: receipt.state === "read" ? tokens.accent : tokens.mutedText, fontWeight: "700" }}
    >
      {receipt.state === "sent" ? "✓" : "✓✓"}
    </KitText>
  );
}
