import { CONTACT_DESCRIPTION_MAX, V } from "@parley/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ContactForm } from "./contact-form";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const field = (name: string) => inputByLabel(t(`intro.contactUs.form.${name}`));
const description = () =>
  screen.getByRole("textbox", { name: new RegExp(`^${t("intro.contactUs.form.description")}`) });
const submit = () => screen.getByRole("button", { name: t("intro.contactUs.form.submit") });

async function fillValid(user: ReturnType<typeof renderWithRouter>["user"]) {
  await user.type(field("name"), "김민지");
  await user.type(field("email"), "minji@example.com");
  await user.type(field("phone"), "01012345678");
  await user.type(field("company"), "Acme Games");
  await user.click(screen.getByRole("radio", { name: t("intro.contactUs.form.categories.product") }));
  await user.type(description(), "요금 문의드립니다.");
}

describe("ContactForm", () => {
  it("shows each field's validation error and sends nothing", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));
    const { user } = renderWithRouter(<ContactForm />, "/intro/contactus");
    await user.click(submit());

    expect(await screen.findAllByText(t(V.required))).toHaveLength(4);

    await user.type(field("name"), "Eve");
    await user.type(field("email"), "not-an-email");
    await user.type(field("phone"), "010-1234-5678");
    await user.click(description());
    await user.paste("x".repeat(CONTACT_DESCRIPTION_MAX + 1));
    await user.click(submit());

    expect(await screen.findByText(t(V.email))).toBeVisible();
    expect(screen.getByText(t(V.phone))).toBeVisible();
    expect(screen.getByText(t(V.tooLong))).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts the description's characters as they are typed", async () => {
    stubFetch(() => jsonResponse(200, { ok: true }));
    const { user } = renderWithRouter(<ContactForm />, "/intro/contactus");
    const counter = screen.getByTestId("contact-description-counter");
    expect(counter).toHaveTextContent(t("intro.contactUs.form.counter", { length: "0", max: "1,000" }));

    await user.type(description(), "안녕하세요");
    expect(counter).toHaveTextContent(t("intro.contactUs.form.counter", { length: "5", max: "1,000" }));
  });

  it("posts the inquiry in the UI language, confirms, and clears the form", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));
    const { user } = renderWithRouter(<ContactForm />, "/intro/contactus");
    await fillValid(user);
    await user.click(submit());

    expect(await screen.findByRole("status")).toHaveTextContent(
      t("intro.contactUs.form.sent", { email: "minji@example.com" }),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/contactus");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "김민지",
      email: "minji@example.com",
      phone: "01012345678",
      company: "Acme Games",
      category: "product",
      description: "요금 문의드립니다.",
      language: "ko",
    });
    expect(field("name")).toHaveValue("");
    expect(field("email")).toHaveValue("");
    expect(description()).toHaveValue("");
    expect(screen.getByRole("radio", { name: t("intro.contactUs.form.categories.sales") })).toBeChecked();
  });

  it("puts a server validation error on its field and other errors in the snackbar", async () => {
    let answer = jsonResponse(400, {
      code: "300",
      message: "Invalid",
      data: { fields: [{ path: "name", message: V.singleLine }] },
    });
    stubFetch(() => answer);
    const { user } = renderWithRouter(<ContactForm />, "/intro/contactus");
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText(t(V.singleLine))).toBeVisible();

    answer = jsonResponse(500, { code: "001", message: "Failure" });
    await user.click(submit());
    expect(await screen.findByText(t("ERROR_001"))).toBeVisible();
    expect(field("name")).toHaveValue("김민지");
  });
});
