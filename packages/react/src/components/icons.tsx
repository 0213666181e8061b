import type { ReactNode } from "react";

/**
 * The icons of the kit's controls, drawn inline so they look the same on every system (an emoji's look, or whether
 * it shows at all, depends on the fonts installed). Decorative: the text or label beside them names the control.
 */
function Icon(props: { children: ReactNode; size?: number }) {
  const size = props.size ?? 14;
  return (
    <svg
      className="pk-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {props.children}
    </svg>
  );
}

export const PinIcon = () => (
  <Icon>
    <path d="M12 17v5" />
    <path d="M9 3h6l-1 7 4 3v2H6v-2l4-3z" />
  </Icon>
);

export const RepliesIcon = () => (
  <Icon>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z" />
  </Icon>
);

export const MembersIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </Icon>
);

export const AddReactionIcon = () => (
  <Icon size={16}>
    <path d="M20 12a8 8 0 1 1-6-7.7" />
    <path d="M8.5 14.5a4 4 0 0 0 7 0" />
    <path d="M9 9.5h.01M15 9.5h.01" />
    <path d="M19 2v6M16 5h6" />
  </Icon>
);

export const LockIcon = () => (
  <Icon>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const FileIcon = () => (
  <Icon>
    <path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
  </Icon>
);

/** Three bars of a chart: the composer's poll action. */
export const PollIcon = () => (
  <Icon>
    <path d="M6 20V10M12 20V4M18 20v-7" />
  </Icon>
);

export const PhoneIcon = () => (
  <Icon>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </Icon>
);

export const VideoIcon = () => (
  <Icon>
    <path d="M23 7l-7 5 7 5V7z" />
    <rect x="1" y="5" width="15" height="14" rx="2" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3" />
  </Icon>
);

/** One tick or two, in the same box, so a message's mark changes without moving anything beside it. */
export const ReceiptIcon = ({ double }: { double: boolean }) => (
  <Icon>
    <path d={double ? "M1 13l5 5L17 7" : "M5 13l5 5L21 7"} />
    {double && <path d="M11 16l2 2L23 7" />}
  </Icon>
);

export const BellIcon = () => (
  <Icon size={16}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Icon>
);

export const MicIcon = () => (
  <Icon size={16}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0" />
    <path d="M12 18v4" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon size={16}>
    <path d="M7 4l13 8-13 8z" fill="currentColor" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon size={16}>
    <path d="M8 4v16" />
    <path d="M16 4v16" />
  </Icon>
);
