import { screen } from "@testing-library/react-native";

/** What the check reads of a rendered element: the test renderer's instance, whose types are not installed. */
interface TreeNode {
  type: unknown;
  props: Record<string, unknown>;
  findAll(predicate: (node: TreeNode) => boolean): TreeNode[];
}

/** The host elements of text fields, as React Native's Jest setup names them. */
const TEXT_FIELDS = new Set(["TextInput", "RCTSinglelineTextInputView", "RCTMultilineTextInputView"]);

/** A host element a touch acts on: a Pressable's or Touchable's view, a pressable text, a switch. */
function isControl(node: TreeNode): boolean {
  const { props } = node;
  return (
    typeof props.onClick === "function" ||
    typeof props.onResponderRelease === "function" ||
    typeof props.onPress === "function" ||
    node.type === "RCTSwitch"
  );
}

function describeNode(node: TreeNode): string {
  const text = node
    .findAll((n) => typeof n.type === "string" && typeof n.props.children === "string")
    .map((n) => String(n.props.children))
    .join(" ");
  return `<${String(node.type)}${node.props.testID ? ` testID="${node.props.testID}"` : ""}>${text}`;
}

/**
 * Every control in the rendered tree that a screen reader could not announce: React Native has no axe, so this is the
 * check that stands for it. A control needs a role (`accessibilityRole` or `role`) and a name of its own
 * (`accessibilityLabel` or `aria-label`); a text field needs the name. A pressable marked `accessible={false}` is
 * left out: assistive technology does not reach it, and the kit puts such a gesture (a row's long press) on a
 * labelled button as well.
 */
export function unnamedControls(root: TreeNode = screen.UNSAFE_root): string[] {
  const found: string[] = [];
  for (const node of root.findAll((n) => typeof n.type === "string")) {
    const { props } = node;
    const name = props.accessibilityLabel ?? props["aria-label"];
    const hasName = typeof name === "string" && name.trim() !== "";
    if (TEXT_FIELDS.has(String(node.type))) {
      if (!hasName) found.push(`${describeNode(node)}: a text field without a label`);
      continue;
    }
    if (!isControl(node) || props.accessible === false) continue;
    const role = props.accessibilityRole ?? props.role;
    if (!role || role === "none") found.push(`${describeNode(node)}: a control without a role`);
    if (!hasName) found.push(`${describeNode(node)}: a control without a label`);
  }
  return found;
}
