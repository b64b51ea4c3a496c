// Hostile input to the server actions: each row calls an action directly, the way the browser does
// (support/server-actions.ts), and gets the exact answer written for it; after two calibrations that
// show a row's request is the browser's, and before two sweeps over every action of the build.
// Every row also checks that the answer leaks nothing and that nothing changed (support/fingerprint.ts).
import { expect, test, type Page, type Request } from "@playwright/test";
import { fingerprint } from "../support/fingerprint";
import {
  actionTarget,
  allActions,
  decodeAnswer,
  decodeJsonArgs,
  encodeReply,
  postAction,
  type ActionAnswer,
  type ReceivedAnswer,
} from "../support/server-actions";
import { ADMIN_ACTION_ROWS } from "./action-rows/admin";
import { FRAMEWORK_ACTION_ROWS } from "./action-rows/framework";
import { PATIENT_ACTION_ROWS } from "./action-rows/patients";
import { RESOURCE_ACTION_ROWS } from "./action-rows/resources";
import { IDLE, KEY, keyForm, RES, type Expected } from "./action-rows/row";
import { SETTINGS_ACTION_ROWS } from "./action-rows/settings";
import { FORBIDDEN, KEY_MESSAGES, keyInvalid, SIGNED_OUT } from "./answers";
import { cast, castPerFile, expectNoLeak } from "./setup";

castPerFile();

const ACTION_ROWS = [
  ...ADMIN_ACTION_ROWS,
  ...SETTINGS_ACTION_ROWS,
  ...PATIENT_ACTION_ROWS,
  ...RESOURCE_ACTION_ROWS,
  ...FRAMEWORK_ACTION_ROWS,
];

/**
 * The browser's next call of action `id` and the answer it got, read on the way through (Chromium
 * does not keep the body of a streamed fetch that React has consumed).
 */
async function captureAction(page: Page, id: string): Promise<{ request: Request; response: ReceivedAnswer }> {
  return new Promise((resolve) => {
    void page.route("**/*", async (route) => {
      if (route.request().headers()["next-action"] !== id) return route.fallback();
      const fetched = await route.fetch();
      const text = await fetched.text();
      const headers = Object.fromEntries(
        Object.entries(fetched.headers()).filter(
          ([k]) => !["content-encoding", "content-length", "transfer-encoding"].includes(k),
        ),
      );
      await route.fulfill({ status: fetched.status(), headers, body: text });
      await page.unroute("**/*");
      resolve({
        request: route.request(),
        response: { text: async () => text, status: () => fetched.status(), headers: () => fetched.headers() },
      });
    });
  });
}

// The rows' requests are the browser's: the same headers and body for the same arguments, and the
// same answer. Observed on the library's first load (JSON) and on the clinic key form (multipart).
test("calibration: a JSON action call is byte for byte what the browser sends, and gets the browser's answer", async () => {
  const page = cast.pages.practitioner;
  const { id } = actionTarget(RES.list);
  // The page arrives with the library's first page; a search asks the list action for the next one.
  await page.goto("/resources");
  const answered = captureAction(page, id);
  await page.getByRole("searchbox", { name: "Search by name" }).fill("a");
  const { request, response } = await answered;
  const browserAnswer = await decodeAnswer(response);
  expect(request.headers()).toMatchObject({
    accept: "text/x-component",
    "content-type": "text/plain;charset=UTF-8",
    "next-action": id,
  });
  const args = decodeJsonArgs(request.postData() ?? "");
  expect(await encodeReply(args)).toBe(request.postData());
  expect(browserAnswer.answer.kind).toBe("result");
  expect((await decodeAnswer(await postAction(page.request, RES.list, args))).answer).toEqual(browserAnswer.answer);
});

test("calibration: a form action call carries the browser's multipart fields", async () => {
  const page = cast.pages.admin;
  const { id } = actionTarget(KEY.save);
  await page.goto("/admin/clinic-key");
  await page.waitForLoadState("networkidle");
  const answered = captureAction(page, id);
  await page.getByLabel(/^(new )?clinic key$/i).fill("short");
  await page.getByRole("button", { name: /Save the key|Replace the key/ }).click();
  const { request, response } = await answered;
  const browserAnswer = await decodeAnswer(response);
  expect(browserAnswer.answer).toEqual({ kind: "result", value: keyInvalid(KEY_MESSAGES.short) });
  const fields = (body: string) =>
    Object.fromEntries([...body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map((m) => [m[1], m[2]]));
  const ours = (await encodeReply([IDLE, keyForm("short")])) as FormData;
  expect(fields(request.postDataBuffer()?.toString("utf8") ?? "")).toMatchObject(
    Object.fromEntries([...ours.entries()].map(([k, v]) => [k, String(v)])),
  );
  expect((await decodeAnswer(await postAction(page.request, KEY.save, [IDLE, keyForm("short")]))).answer).toEqual(
    browserAnswer.answer,
  );
});

function expectAnswer(answer: ActionAnswer, expected: Expected, status: number): void {
  if ("next" in expected) {
    expect(status).toBe(expected.next.status);
    if (expected.next.text === undefined)
      expect(answer).toEqual({ kind: "error", digest: expect.stringMatching(/^\d+$/) });
    else expect(answer).toEqual({ kind: "other", status: expected.next.status, text: expected.next.text });
  } else expect(answer.kind, JSON.stringify(answer).slice(0, 500)).toBe("result");
}

for (const row of ACTION_ROWS) {
  const [file, name] = row.action.split("#");
  test(`${file} ${name} — ${row.as}: ${row.name}`, async () => {
    const before = await fingerprint(cast);
    const response = await postAction(cast.api[row.as], row.action, row.args?.(cast) ?? [], {
      body: row.body?.(cast),
      headers: {
        ...row.headers,
        ...(row.actionId ? { "Next-Action": row.actionId } : {}),
        ...(row.cookie ? { Cookie: row.cookie(cast) } : {}),
      },
    });
    const { answer, text } = await decodeAnswer(response);
    expectAnswer(answer, row.answer, response.status());
    if ("value" in row.answer) expect((answer as { value: unknown }).value).toEqual(row.answer.value(cast));
    if ("holds" in row.answer) await row.answer.holds((answer as { value: unknown }).value, cast);
    expectNoLeak(text, cast, row.noEcho?.(cast) ?? []);
    expect(await fingerprint(cast)).toEqual(before);
  });
}

// Every server action of the build (not only those with rows above) is made by the builder: signed
// out, each answers the one signed-out answer, whatever arguments it was given; and each refuses a
// caller outside its declared roles with the one forbidden answer.
test("every server action answers the signed-out caller alike", async () => {
  const actions = allActions();
  expect(actions.length).toBeGreaterThanOrEqual(15);
  for (const ref of actions) {
    for (const args of [[], [{}], [IDLE, keyForm("x")]]) {
      const { answer, text } = await decodeAnswer(await postAction(cast.api.anon, ref, args));
      expect(answer, `${ref} ${text.slice(0, 300)}`).toEqual({ kind: "result", value: SIGNED_OUT });
    }
  }
});

test("every admin-only server action answers a non-admin alike", async () => {
  const adminOnly = allActions().filter((ref) => /^app\/(admin\/|events\/reconciliation)/.test(ref));
  expect(adminOnly.length).toBeGreaterThanOrEqual(8);
  for (const ref of adminOnly) {
    const { answer, text } = await decodeAnswer(await postAction(cast.api.member, ref, []));
    expect(answer, `${ref} ${text.slice(0, 300)}`).toEqual({ kind: "result", value: FORBIDDEN });
  }
});
