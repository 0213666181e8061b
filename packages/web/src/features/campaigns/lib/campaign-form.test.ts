import { describe, expect, it } from "vitest";
import { formValuesOf, fromLocalInput, missingInStep, scheduleProblem, toLocalInput, toRequest } from "./campaign-form";

const now = new Date(2026, 2, 10, 9, 0);

describe("campaign form", () => {
  it("reads a datetime-local value in the viewer's zone and writes it back the same", () => {
    const iso = fromLocalInput("2026-03-10T09:30");
    expect(iso).toBe(new Date(2026, 2, 10, 9, 30).toISOString());
    expect(toLocalInput(iso ?? "")).toBe("2026-03-10T09:30");
    expect(fromLocalInput("")).toBeNull();
  });

  it("sends no time for a send-now campaign and no brand for an empty select", () => {
    const values = { ...formValuesOf(), sendType: "now" as const, scheduledAt: "2026-03-11T10:00" };
    expect(toRequest(values)).toMatchObject({ brandId: null, sendType: "now", scheduledAt: null });
  });

  it("names what each step still needs by the contract's rules", () => {
    const values = {
      ...formValuesOf(),
      brandId: "0a1b2c3d-4e5f-4a6b-8c7d-000000000001",
      title: "  ",
      metadata: [{ key: "a", value: "" }],
      push: { enabled: true, title: "Hi", body: "  " },
    };
    expect(missingInStep(values, 0, "message")).toEqual(["title", "content", "metadata", "push"]);
    expect(missingInStep(values, 0, "recipients")).toEqual(["recipients"]);
    expect(missingInStep(values, 3, "recipients")).toEqual([]);
    expect(missingInStep({ ...values, sendType: "scheduled", scheduledAt: "" }, 3, "send")).toEqual(["scheduledAt"]);
  });

  it("refuses a scheduled time that is not later than now", () => {
    expect(scheduleProblem({ sendType: "scheduled", scheduledAt: "" }, now)).toBe("campaigns.form.scheduledAtRequired");
    expect(scheduleProblem({ sendType: "scheduled", scheduledAt: "2026-03-10T09:00" }, now)).toBe("ERROR_3058");
    expect(scheduleProblem({ sendType: "scheduled", scheduledAt: "2026-03-10T09:01" }, now)).toBeNull();
    expect(scheduleProblem({ sendType: "now", scheduledAt: "2020-01-01T00:00" }, now)).toBeNull();
  });
});
