import { AppShell } from "@/app/shell/app-shell";

export default AppShell;
