import { parseWithZod } from "@conform-to/zod/v4";
import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthenticatedError,
} from "~/shared/domain-errors";
import { assertRole, FORBIDDEN_MESSAGE } from "~/shared/roles";
import { tooManyAttempts } from "~/utils/auth-errors.server";
import { REQUEST_TOO_LARGE } from "~/utils/form-data.server";
import { expectLog } from "../../tests/support/logs";
import {
  buildAnsweringRefusals,
  failureStatus,
  formRefusal,
  httpAnswerOf,
  isAccessRefusal,
  refusalAnswer,
  throwRefusal,
} from "./error-answers.server";

const thrownBy = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
};

const answerOf = (result: unknown) =>
  result as {
    data: { ok: boolean; message?: string; reply?: { error?: object } };
    init: ResponseInit;
  };

describe("the kinds of refusal", () => {
  test.each([
    [new NotFoundError("المقال غير موجود"), 404],
    [new ConflictError("الرابط مستخدم"), 409],
    [new ForbiddenError(FORBIDDEN_MESSAGE), 403],
    [new UnauthenticatedError("يجب تسجيل الدخول أولاً"), 401],
    [new InvalidInputError("القيمة غير صالحة", "name"), 400],
  ])("%s answers %i with its Arabic message", async (error, status) => {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    const answer = httpAnswerOf(error);
    expect(answer.status).toBe(status);
    expect(await answer.text()).toBe(error.message);
  });

  test("assertRole refuses the signed-out with 401 and a lesser role with 403", () => {
    expect(thrownBy(() => assertRole(null, "editor"))).toMatchObject({
      status: 401,
      message: "يجب تسجيل الدخول أولاً",
    });
    const viewer = { id: "1", email: "v@rifq.test", fullName: "مشاهد", role: "viewer" as const };
    const refused = thrownBy(() => assertRole(viewer, "editor"));
    expect(refused).toBeInstanceOf(ForbiddenError);
    expect(refused).toMatchObject({ status: 403, message: FORBIDDEN_MESSAGE });
  });
});

describe("answers of an action", () => {
  test("throwRefusal throws a refusal as its HTTP answer; anything else returns", async () => {
    const answer = thrownBy(() => throwRefusal(new NotFoundError("الفيديو غير موجود")));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(404);
    expect(await (answer as Response).text()).toBe("الفيديو غير موجود");
    expect(throwRefusal(new Error("disk full"))).toBeUndefined();
  });

  test("a 429 says when to try again; a 413 is the body reader's", async () => {
    const limited = httpAnswerOf(new TooManyRequestsError(tooManyAttempts(120), 120));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("120");
    expect(await limited.text()).toBe(tooManyAttempts(120));
    const large = httpAnswerOf(new PayloadTooLargeError(REQUEST_TOO_LARGE));
    expect(large.status).toBe(413);
    expect(await large.text()).toBe(REQUEST_TOO_LARGE);
  });

  test("failureStatus: the refusal's own, 400 for a value PostgreSQL refused, else 500", () => {
    expect(failureStatus(new ConflictError("تغيّرت الحالة"))).toBe(409);
    expect(failureStatus(new PayloadTooLargeError(REQUEST_TOO_LARGE))).toBe(413);
    expect(failureStatus(Object.assign(new Error("bad"), { code: "22P02" }))).toBe(400);
    expect(failureStatus(new Error("connection lost"))).toBe(500);
  });

  test("only 401 and 403 are access refusals", () => {
    expect(isAccessRefusal(new ForbiddenError(FORBIDDEN_MESSAGE))).toBe(true);
    expect(isAccessRefusal(new UnauthenticatedError("x"))).toBe(true);
    expect(isAccessRefusal(new NotFoundError("x"))).toBe(false);
    expect(isAccessRefusal(new TooManyRequestsError("x", 60))).toBe(false);
  });

  test("refusalAnswer says the refusal's message, or the one given, with its status", () => {
    const own = answerOf(refusalAnswer(new ForbiddenError("لا يمكن تغيير دور المشرف الأساسي")));
    expect(own.data).toEqual({ ok: false, message: "لا يمكن تغيير دور المشرف الأساسي" });
    expect(own.init.status).toBe(403);
    const given = answerOf(refusalAnswer(new NotFoundError("x"), "فشل في تحديث الدور"));
    expect(given.data.message).toBe("فشل في تحديث الدور");
    expect(given.init.status).toBe(404);
  });
});

describe("a form's reply", () => {
  const form = new FormData();
  form.set("name", "أخبار");
  const submission = parseWithZod(form, { schema: z.object({ name: z.string() }) });

  test("a refused value stands beside its field, with the refusal's status", () => {
    const answer = answerOf(formRefusal(submission, new ConflictError("الاسم مستخدم", "name")));
    expect(answer.init.status).toBe(409);
    expect(answer.data).toMatchObject({
      ok: false,
      message: "الاسم مستخدم",
      reply: { error: { name: ["الاسم مستخدم"] } },
    });
  });

  test("without a field it is the whole form's error", () => {
    const answer = answerOf(formRefusal(submission, new InvalidInputError("المحتوى فارغ")));
    expect(answer.init.status).toBe(400);
    expect(answer.data.reply?.error).toEqual({ "": ["المحتوى فارغ"] });
  });

  test("other kinds are the page's: thrown as their HTTP answer, unless the form takes them", async () => {
    const missing = new NotFoundError("التصنيف غير موجود");
    const thrown = thrownBy(() => formRefusal(submission, missing));
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).text()).toBe("التصنيف غير موجود");
    const taken = answerOf(formRefusal(submission, missing, { kinds: [NotFoundError] }));
    expect(taken.init.status).toBe(404);
    expect(taken.data.reply?.error).toEqual({ "": ["التصنيف غير موجود"] });
    expect(
      (thrownBy(() => formRefusal(submission, new ForbiddenError(FORBIDDEN_MESSAGE))) as Response)
        .status,
    ).toBe(403);
  });

  test("anything else is not a refusal", () => {
    expect(formRefusal(submission, new Error("connection lost"))).toBeNull();
  });
});

/** A server build of one resource route, as React Router's own request handler runs it. */
function buildWith(loader: () => unknown): ServerBuild {
  return {
    entry: { module: { default: () => new Response("document") } },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/thing": { id: "routes/thing", parentId: "root", path: "thing", module: { loader } },
    },
    assets: {
      entry: { imports: [], module: "" },
      routes: {},
      url: "",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe("every route of the server build", () => {
  const missing = () => {
    throw new NotFoundError("المقال غير موجود");
  };

  test("a refusal no route caught is answered with its status and message", async () => {
    const handle = createRequestHandler(buildAnsweringRefusals(buildWith(missing)), "production");
    const answer = await handle(new Request("http://localhost/thing"));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("المقال غير موجود");
  });

  test("without the wrapper React Router would answer a bare 500", async () => {
    expectLog("console.error", /المقال غير موجود/);
    const handle = createRequestHandler(buildWith(missing), "production");
    const answer = await handle(new Request("http://localhost/thing"));
    expect(answer.status).toBe(500);
  });

  test("what a route answers is left as it is", async () => {
    const build = buildAnsweringRefusals(buildWith(() => Response.json({ ok: true })));
    const answer = await createRequestHandler(
      build,
      "production",
    )(new Request("http://localhost/thing"));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
  });
});
