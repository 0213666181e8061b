import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { appId, brand, brandsPath, campaign, campaignsPath } from "../testing/fixtures";
import { CampaignWizard } from "./campaign-wizard";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A control whose label starts with the text of `key`, before any interpolated part or required mark. */
const label = (key: string) => new RegExp(`^${escapeRegExp(t(key).split(" (")[0] ?? "")}`);

function stubBrands() {
  return stubFetch((url) => {
    if (url.startsWith(brandsPath)) return jsonResponse(200, { brands: [brand()], nextCursor: null });
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

function renderWizard(draft = campaign({ status: "draft" })) {
  return renderWithRouter(<CampaignWizard appId={appId} appName="Parley Demo" campaign={draft} />);
}

function renderNewWizard() {
  return renderWithRouter(<CampaignWizard appId={appId} appName="Parley Demo" />);
}

async function chooseBrand(user: ReturnType<typeof renderWithRouter>["user"]) {
  await user.click(await screen.findByRole("combobox", { name: label("campaigns.fields.brand") }));
  await user.click(await screen.findByRole("option", { name: "Parley Coffee" }));
}

/** Stands in for the browser's XMLHttpRequest; returns the requests sent, each answered when the test says. */
function stubUploads() {
  const requests: FakeRequest[] = [];
  /** Reports half the body sent, then answers when told. */
  class FakeRequest extends EventTarget {
    upload = new EventTarget();
    status = 0;
    responseText = "";
    url = "";
    headers: Record<string, string> = {};
    body: unknown;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: unknown) {
      this.body = body;
      requests.push(this);
      const progress = Object.assign(new Event("progress"), { lengthComputable: true, loaded: 50, total: 100 });
      this.upload.dispatchEvent(progress);
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.dispatchEvent(new Event("load"));
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  return requests;
}

const uploadButton = () => screen.queryByText(t("campaigns.recipients.upload"));

describe("CampaignWizard", () => {
  afterEach(() => clearSession());

  it("refuses Next on the first step until a brand, a title and content are given", async () => {
    stubBrands();
    const { user } = renderNewWizard();
    await screen.findByRole("combobox", { name: label("campaigns.fields.brand") });

    await user.click(screen.getByRole("button", { name: t("campaigns.form.next") }));

    expect(await screen.findByText(t("campaigns.form.brandRequired"))).toBeInTheDocument();
    expect(screen.getAllByText(t("VALIDATION_REQUIRED"))).toHaveLength(2);
    expect(inputByLabel(t("campaigns.fields.title"))).toHaveAttribute("aria-invalid", "true");
    expect(uploadButton()).not.toBeInTheDocument();

    await chooseBrand(user);
    await user.type(inputByLabel(t("campaigns.fields.title")), "Spring coupon");
    await user.type(screen.getByRole("textbox", { name: label("campaigns.fields.content") }), "Hello");
    await user.click(screen.getByRole("button", { name: t("campaigns.form.next") }));

    expect(await screen.findByText(t("campaigns.recipients.upload"))).toBeInTheDocument();
  });

  it("warns about a metadata key used twice and refuses Next until it is changed", async () => {
    stubBrands();
    const { user } = renderWizard(campaign({ status: "draft", metadata: [] }));
    await screen.findByRole("combobox", { name: label("campaigns.fields.brand") });

    const add = () => user.click(screen.getByRole("button", { name: label("campaigns.form.addMetadata") }));
    await add();
    await add();
    await user.type(inputByLabel(t("campaigns.fields.metadataKey", { number: 1 })), "coupon");
    await user.type(inputByLabel(t("campaigns.fields.metadataValue", { number: 1 })), "SPRING");
    await user.type(inputByLabel(t("campaigns.fields.metadataKey", { number: 2 })), "coupon");
    await user.type(inputByLabel(t("campaigns.fields.metadataValue", { number: 2 })), "SUMMER");

    // The form checks what was typed after the keystroke, not during it.
    expect(await screen.findAllByText(t("campaigns.form.duplicateKey"))).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: t("campaigns.form.next") }));
    expect(uploadButton()).not.toBeInTheDocument();

    await user.type(inputByLabel(t("campaigns.fields.metadataKey", { number: 2 })), "-summer");
    await waitFor(() => expect(screen.queryByText(t("campaigns.form.duplicateKey"))).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: t("campaigns.form.next") }));
    expect(await screen.findByText(t("campaigns.recipients.replace"))).toBeInTheDocument();
  });

  it("previews the content with a sample recipient, the chosen brand and the app, where the variables go", async () => {
    stubBrands();
    const { user } = renderNewWizard();
    await chooseBrand(user);
    const content = screen.getByRole("textbox", { name: label("campaigns.fields.content") });
    const insert = (token: string) =>
      user.click(
        screen.getByRole("button", {
          name: t("campaigns.form.insertVariable", {
            token,
            description: t(`campaigns.variables.${token.slice(2, -2)}`),
          }),
        }),
      );

    await user.type(content, "Hi ");
    await insert("{{user.name}}");
    await user.type(content, ", from ");
    await insert("{{brand.name}}");
    await user.type(content, " in ");
    await insert("{{app.name}}");
    await user.type(content, " {{{{brand.nmae}}");

    expect(content).toHaveValue("Hi {{user.name}}, from {{brand.name}} in {{app.name}} {{brand.nmae}}");
    expect(screen.getByTestId("campaign-preview-content")).toHaveTextContent(
      `Hi ${t("campaigns.preview.sampleUserName")}, from Parley Coffee in Parley Demo {{brand.nmae}}`,
    );
  });

  it("saves a new draft with the whole form on Temporary save, says so, and leaves the steps to the draft's page", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith(brandsPath)) return jsonResponse(200, { brands: [brand()], nextCursor: null });
      if (url === campaignsPath && init?.method === "POST") {
        return jsonResponse(200, { campaign: campaign({ status: "draft", title: "Draft one" }) });
      }
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const onCreated = vi.fn();
    const { user } = renderWithRouter(<CampaignWizard appId={appId} appName="Parley Demo" onCreated={onCreated} />);
    await chooseBrand(user);
    await user.type(inputByLabel(t("campaigns.fields.title")), "Draft one");

    await user.click(screen.getByRole("button", { name: t("campaigns.form.temporarySave") }));

    expect(await screen.findByText(t("campaigns.form.saved"))).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => url === campaignsPath && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      brandId: brand().id,
      title: "Draft one",
      content: "",
      metadata: [],
      push: { enabled: false, title: "", body: "" },
      sendType: "now",
      scheduledAt: null,
    });
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: "Draft one" }), 0);
    // Until the draft's page replaces this form, a click on Next would move a form that is about to go.
    expect(screen.getByRole("button", { name: t("campaigns.form.next") })).toBeDisabled();
  });

  it("uploads the recipient file with the session token, following its progress, then counts who was left out", async () => {
    setSession(sessionFor({ sessionToken: "token-42", noticeFeatureEnabled: true }));
    stubBrands();
    const uploaded = campaign({
      status: "draft",
      recipients: {
        fileName: "list.csv",
        uploadedAt: "2026-03-10T08:00:00.000Z",
        total: 4,
        valid: 2,
        excluded: { unknown: 1, duplicate: 0, deactivated: 1 },
      },
    });
    const requests = stubUploads();
    const empty = {
      fileName: null,
      uploadedAt: null,
      total: 0,
      valid: 0,
      excluded: { unknown: 0, duplicate: 0, deactivated: 0 },
    };
    const { user } = renderWizard(campaign({ status: "draft", recipients: empty }));
    await screen.findByRole("combobox", { name: label("campaigns.fields.brand") });
    await user.click(screen.getByRole("button", { name: t("campaigns.form.next") }));
    await screen.findByText(t("campaigns.recipients.upload"));

    await user.upload(screen.getByTestId("recipients-file"), new File(["userId\nu1\nu2\n"], "list.csv"));

    expect(await screen.findByText(t("campaigns.recipients.uploading", { percent: 50 }))).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    if (!request) throw new Error("no upload was sent");
    expect(request.url).toBe(`${campaignsPath}/${uploaded.id}/recipients`);
    expect(request.headers.Authorization).toBe("Bearer token-42");
    expect((request.body as FormData).get("file")).toBeInstanceOf(File);

    act(() => request.answer(200, { campaign: uploaded }));

    const counts = await screen.findByTestId("recipient-counts");
    expect(within(counts).getByText("list.csv")).toBeInTheDocument();
    expect(counts).toHaveTextContent(t("campaigns.recipients.reasons.deactivated", { number: "1" }));
    expect(screen.getByRole("button", { name: t("campaigns.recipients.downloadExcluded") })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("status")).not.toBeInTheDocument());
  });

  it("says a file with another header is refused for its header, naming both, and keeps the previous counts", async () => {
    setSession(sessionFor({ noticeFeatureEnabled: true }));
    stubBrands();
    const requests = stubUploads();
    const { user } = renderWizard();
    await screen.findByRole("combobox", { name: label("campaigns.fields.brand") });
    await user.click(screen.getByRole("button", { name: t("campaigns.form.next") }));
    await user.upload(screen.getByTestId("recipients-file"), new File(["user_id\nu1\n"], "list.csv"));
    await waitFor(() => expect(requests).toHaveLength(1));

    act(() => requests[0]?.answer(400, { code: "3065", message: "header", data: { reason: "user_id" } }));

    const alert = await screen.findByText(t("ERROR_3065", { reason: "user_id" }));
    expect(alert).toHaveTextContent("user_id");
    expect(alert).toHaveTextContent("userId");
    expect(screen.queryByTestId("recipient-counts")).toBeInTheDocument();
  });
});
