import type { Page } from "@playwright/test";
import {
  addClient,
  arabicStaff,
  db,
  expect,
  expectArabicDocument,
  signInAs,
  test,
  waitForHydration,
} from "../support/e2e/fixtures";
import { visibleLatinWords } from "../support/e2e/latin-words";

/**
 * Issue #45 item 4, with JavaScript off at phone width: a repair opened from the client's details with a
 * deposit, moved through the workshop, refused delivery while owed, paid up, delivered (recording its sale),
 * then found on /jobs and printed as a slip. Then issue #45's custom order in Arabic, with two payments, and the
 * slip's print checks on A5 and an 80 mm roll; the shop's name and terms from Shop settings on the slip in English
 * and Arabic; and, with JavaScript, the balance following the typed payment and a photo's upload progress.
 */
const PHONE = { javaScriptEnabled: false, viewport: { width: 360, height: 740 } };
test.use(PHONE);

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test("a repair from intake to delivery", async ({ page, context }) => {
  test.setTimeout(90_000);
  const { user } = await signInAs(context, "sales_front");
  const client = await addClient(user, { fullName: "Repair Client E2E" });

  await page.goto(`/customers/${client.id}`);
  await page.getByRole("link", { name: "New job" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/new\\?clientId=${client.id}$`));
  await fitsThePhone(page);
  await page.getByLabel("Description").fill("Ring resized to 14, clasp checked");
  await page.getByLabel("Price or estimate (AED)").fill("150");
  await page.getByLabel("Piece 1").selectOption({ label: "Ring" });
  await page.getByLabel("Weight (g, up to 3 decimals)").first().fill("3.25");
  await page.getByLabel("Condition or what to make").first().fill("Scratched band");
  await page.getByLabel("Amount (AED)").fill("50");
  await page.getByLabel("Method").selectOption("card");
  await page.getByRole("button", { name: "Open the job" }).click();

  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  const job = await db.job.findFirstOrThrow({ where: { clientId: client.id }, include: { items: true } });
  expect(job).toMatchObject({ type: "repair", status: "received", priceFils: 15000n, paidFils: 5000n });
  expect(job.items[0]).toMatchObject({ category: "ring", weightMg: 3250, notes: "Scratched band" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(job.number);
  await expect(page.getByTestId("job-status")).toHaveText("Received");
  await expect(page.getByTestId("job-balance")).toHaveText("AED 100.00");
  await fitsThePhone(page);

  // A photo of the piece, through the plain multipart form: back on the job, its thumbnail is served.
  // A 1×1 red PNG (signature, IHDR, IDAT, IEND).
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
    "hex",
  );
  await page.getByLabel("Photo (JPEG, PNG or WebP, up to 5 MB)").setInputFiles({
    name: "ring-before.png",
    mimeType: "image/png",
    buffer: png,
  });
  await page.getByRole("button", { name: "Add photo" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));
  const thumbnail = page.getByTestId("job-photo-list").getByRole("img", { name: "ring-before.png" });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute("loading", "lazy");
  // Lazy: the browser fetches it once laid out, after it is visible.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect(await db.jobPhoto.count({ where: { jobId: job.id } })).toBe(1);
  await fitsThePhone(page);

  await page.getByRole("button", { name: "Mark In workshop" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("In workshop");
  await page.getByRole("button", { name: "Mark Ready" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("Ready");
  await page.getByRole("button", { name: "Mark Delivered" }).click();
  await expect(page.getByTestId("job-move-error")).toHaveText("AED 100.00 outstanding");

  await page.getByLabel("Amount (AED)").fill("100");
  await page.getByLabel("Method").selectOption("cash");
  await page.getByRole("button", { name: "Take the payment" }).click();
  await expect(page.getByTestId("job-balance")).toHaveText("AED 0.00");
  await page.getByRole("button", { name: "Mark Delivered" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("Delivered");
  await expect(page.getByTestId("job-history")).toContainText("Delivered");

  const sale = await db.sale.findFirstOrThrow({ where: { clientId: client.id }, include: { payments: true } });
  expect(sale).toMatchObject({ amountFils: 15000n, invoiceNo: job.number });
  expect(sale.payments.map((p) => [p.method, p.amountFils])).toEqual([
    ["card", 5000n],
    ["cash", 10000n],
  ]);
  expect(await db.cashTransaction.count({ where: { clientId: client.id, kind: "job_payment" } })).toBe(1);

  await page.goto("/jobs");
  await page.getByLabel("Number or client name").fill("Repair Client E2E");
  await page.getByRole("button", { name: "Filter" }).click();
  const card = page.getByTestId("job-card").filter({ hasText: job.number });
  await expect(card).toContainText("Delivered");
  await fitsThePhone(page);

  await card.getByRole("link", { name: job.number }).click();
  await page.getByRole("link", { name: "Print the slip" }).click();
  const slip = page.getByTestId("job-slip");
  await expect(slip).toContainText(job.number);
  await expect(slip).toContainText("Jewel CRM");
  await expect(slip.getByRole("img", { name: "QR code of the job's page" })).toBeVisible();
  await fitsThePhone(page);
});

test.describe("in Arabic with JavaScript, at desktop width", () => {
  test.use({ javaScriptEnabled: true, viewport: { width: 1280, height: 900 } });

  test("a custom order with a deposit and a second payment, delivered, its slip on A5 and on an 80 mm roll", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const { user } = await arabicStaff(context, "sales_back");
    const client = await addClient(user, { fullName: "Hessa Order", fullNameAr: "حصة المهيري" });

    await page.goto(`/jobs/new?clientId=${client.id}`);
    await expectArabicDocument(page);
    await waitForHydration(page);
    await page.getByLabel("النوع").selectOption("custom_order");
    await page.getByLabel("الوصف").fill("ستة أساور عيار 21");
    await page.getByLabel("السعر أو التقدير (درهم)").fill("12000");
    await page.getByLabel("القطعة 1").selectOption("bangle");
    await page.getByLabel("العيار").first().selectOption("21");
    await page.getByLabel("الوزن (غرام، حتى 3 منازل عشرية)").first().fill("64.8");
    await page.getByLabel("المبلغ (درهم)").fill("4000");
    await page.getByLabel("طريقة الدفع").selectOption("card");
    await page.getByRole("button", { name: "افتح الطلب" }).click();

    await expect(page).toHaveURL(/\/jobs\/\d+$/);
    const job = await db.job.findFirstOrThrow({ where: { clientId: client.id } });
    expect(job.number).toMatch(/^C-\d{4}-\d{5}$/);
    await expect(page.getByTestId("job-status")).toHaveText("مستلَم");
    await expect(page.getByTestId("job-balance")).toHaveText("8,000.00 د.إ");
    expect(await visibleLatinWords(page, [job.number])).toEqual([]);

    await waitForHydration(page);
    await page.getByTestId("job-payment-form").getByLabel("المبلغ (درهم)").fill("8000");
    await page.getByTestId("job-payment-form").getByLabel("طريقة الدفع").selectOption("bank_transfer");
    await page.getByRole("button", { name: "استلم الدفعة" }).click();
    await expect(page.getByTestId("job-balance")).toHaveText("0.00 د.إ");
    await expect(page.getByTestId("job-payment-list").getByRole("listitem")).toHaveCount(2);

    for (const status of ["في الورشة", "جاهز", "مُسلَّم"]) {
      await page.getByRole("button", { name: `اجعله ${status}` }).click();
      await expect(page.getByTestId("job-status")).toHaveText(status);
    }
    const sale = await db.sale.findFirstOrThrow({ where: { clientId: client.id }, include: { payments: true } });
    expect(sale).toMatchObject({ amountFils: 1_200_000n, invoiceNo: job.number });
    expect(sale.payments.map((p) => [p.method, p.amountFils])).toEqual([
      ["card", 400_000n],
      ["bank_transfer", 800_000n],
    ]);

    await expectOnePagePerSize(page, job, "job-slip");
  });
});

test("a cancelled repair's deposit is refunded from its page, once", async ({ page, context }) => {
  const { user } = await signInAs(context, "sales_back");
  const client = await addClient(user, { fullName: "Refund Client E2E" });
  const job = await openRepair(page, client.id, "200");
  await page.getByLabel("Amount (AED)").fill("75");
  await page.getByRole("button", { name: "Take the payment" }).click();
  await page.getByLabel("Reason to cancel").fill("The client changed their mind");
  await page.getByRole("button", { name: "Cancel the job" }).click();
  await expect(page.getByTestId("job-refunds")).toContainText("AED 75.00");

  await page.getByRole("button", { name: "Refund AED 75.00" }).click();
  await expect(page.getByTestId("job-payment-refunded")).toContainText("refunded on");
  await expect(page.getByTestId("job-refunds")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Refund AED 75.00" })).toHaveCount(0);
  expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ paidFils: 0n });
  await fitsThePhone(page);
});

test("a refused payment or cancel comes back with the error under its field and what was typed", async ({
  page,
  context,
}) => {
  const { user } = await signInAs(context, "sales_back");
  const client = await addClient(user, { fullName: "Refused Payment E2E" });
  const job = await openRepair(page, client.id, "200");

  await page.getByLabel("Amount (AED)").fill("-5");
  await page.getByLabel("Passport number").fill("N7654321");
  await page.getByRole("button", { name: "Take the payment" }).click();
  const amount = page.getByLabel("Amount (AED)");
  await expect(amount).toHaveValue("-5");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription("Enter each part's amount in AED above zero, with up to 2 decimals");
  await expect(page.getByLabel("Passport number")).toHaveValue("N7654321");

  await page.getByRole("button", { name: "Cancel the job" }).click();
  await expect(page.getByLabel("Reason to cancel")).toHaveAccessibleDescription("Give the reason");
  expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "received", paidFils: 0n });
});

/** Opens a repair of `price` AED for the client through the new-job form, and returns its row. */
async function openRepair(page: Page, clientId: number, price: string) {
  await page.goto(`/jobs/new?clientId=${clientId}`);
  await page.getByLabel("Description").fill("Ring resized and its stones checked one by one");
  await page.getByLabel("Price or estimate (AED)").fill(price);
  await page.getByLabel("Piece 1").selectOption({ label: "Ring" });
  await page.getByRole("button", { name: "Open the job" }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  return db.job.findFirstOrThrow({ where: { clientId } });
}

/**
 * Printed at the size the slip asks for, the slip fits one page of its paper; `part` (the slip, or its terms)
 * shows the job's number or is there before printing.
 */
async function expectOnePagePerSize(page: Page, job: { id: number; number: string }, part: "job-slip" | "slip-terms") {
  for (const [size, widthPt] of [
    ["a5", 419.53],
    ["80mm", 226.77],
  ] as const) {
    await page.goto(`/jobs/${job.id}/slip?size=${size}`);
    if (part === "job-slip") await expect(page.getByTestId(part)).toContainText(job.number);
    else await expect(page.getByTestId(part)).toBeVisible();
    await page.emulateMedia({ media: "print" });
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g), `${size}: one page`).toHaveLength(1);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(Number(box?.[1]), `${size}: paper width`).toBeCloseTo(widthPt, 0);
    await page.emulateMedia({ media: "screen" });
  }
}

test("an admin names the shop and writes the slip's terms; the slip prints them in its language on one page", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  // As long as the form takes, so the slip is checked at its longest.
  const terms =
    `Pieces not collected within 90 days may be sold to cover the charge. ${"Bring this slip to collect. ".repeat(19)}`.slice(
      0,
      600,
    );
  const termsAr =
    `القطع التي لا تُستلم خلال 90 يومًا قد تُباع لتغطية الرسوم. ${"أحضر هذا الإيصال للاستلام. ".repeat(22)}`.slice(0, 600);
  try {
    const { user } = await signInAs(context, "admin");
    await page.goto("/profile/shop");
    await fitsThePhone(page);
    const form = page.getByTestId("shop-details");
    await form.getByLabel("Shop name in English").fill("Gold Souk Jewellers");
    await form.getByLabel("Shop name in Arabic").fill("مجوهرات سوق الذهب");
    await form.getByLabel("Job slip terms in English").fill(terms);
    await form.getByLabel("Job slip terms in Arabic").fill(termsAr);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/profile\/shop#details$/);
    await expect(page.getByText("The shop's name and slip terms are saved")).toBeVisible();
    await expect(page.getByTestId("shop-details").getByLabel("Shop name in English")).toHaveValue(
      "Gold Souk Jewellers",
    );

    const client = await addClient(user, { fullName: "Slip Terms Client" });
    const job = await openRepair(page, client.id, "420");
    await page.goto(`/jobs/${job.id}/slip`);
    const slip = page.getByTestId("job-slip");
    await expect(slip.getByRole("heading", { level: 1 })).toHaveText("Gold Souk Jewellers");
    await expect(page.getByTestId("slip-terms")).toContainText("Pieces not collected within 90 days");
    await fitsThePhone(page);
    await expectOnePagePerSize(page, job, "slip-terms");

    // A colleague who reads Arabic gets the Arabic name and terms, on one page too.
    const arabicContext = await browser.newContext(PHONE);
    const arabicPage = await arabicContext.newPage();
    await arabicStaff(arabicContext, "sales_back");
    await arabicPage.goto(`/jobs/${job.id}/slip`);
    await expectArabicDocument(arabicPage);
    await expect(arabicPage.getByTestId("job-slip").getByRole("heading", { level: 1 })).toHaveText("مجوهرات سوق الذهب");
    await expect(arabicPage.getByTestId("slip-terms")).toContainText("القطع التي لا تُستلم خلال 90 يومًا");
    await expectOnePagePerSize(arabicPage, job, "slip-terms");
    await arabicContext.close();
  } finally {
    // The other tests' slips name the product again.
    await db.shopSettings.updateMany({ data: { shopName: null, shopNameAr: null, jobTerms: null, jobTermsAr: null } });
  }
});

test.describe("with JavaScript at phone width", () => {
  test.use({ javaScriptEnabled: true });

  test("the payment form follows the typed amount, and a photo uploads under a progress bar without leaving the page", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const { user } = await signInAs(context, "sales_front");
    const client = await addClient(user, { fullName: "Progress Client E2E" });
    const job = await openRepair(page, client.id, "150");
    await waitForHydration(page);

    const amount = page.getByTestId("job-payment-form").getByLabel("Amount (AED)");
    const after = page.getByTestId("job-balance-after");
    await amount.fill("25.5");
    await expect(after).toHaveText("Balance after this payment: AED 124.50");
    await amount.fill("150");
    await expect(after).toHaveText("Balance after this payment: AED 0.00");
    await amount.fill("150.01");
    await expect(after).toHaveText("The payment is more than the balance, AED 150.00");
    for (const typed of ["12,5", "abc", "0", ""]) {
      await amount.fill(typed);
      await expect(after, typed).toHaveText("");
    }
    await fitsThePhone(page);

    // The upload is slowed to 1 MB a second, so the bar is seen moving; the page is never reloaded.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const png = Buffer.alloc(3 * 1024 * 1024);
    Buffer.from("89504e470d0a1a0a", "hex").copy(png);
    await page.getByLabel("Photo (JPEG, PNG or WebP, up to 5 MB)").setInputFiles({
      name: "clasp.png",
      mimeType: "image/png",
      buffer: png,
    });
    await page.getByRole("button", { name: "Add photo" }).click();
    const progress = page.getByTestId("job-photo-progress");
    await expect(progress.getByRole("progressbar", { name: "Uploading the photo" })).toBeVisible();
    await expect(progress).toContainText(/[1-9]\d?%/);
    await expect(page.getByTestId("job-photo-list").getByRole("img", { name: "clasp.png" })).toBeAttached({
      timeout: 20_000,
    });
    await expect(progress).toBeHidden();
    await expect(page.getByText("Photo added", { exact: true })).toBeVisible();
    expect(await db.jobPhoto.count({ where: { jobId: job.id } })).toBe(1);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // A refusal is the server's message under the form, still on the same page.
    await page.getByLabel("Photo (JPEG, PNG or WebP, up to 5 MB)").setInputFiles({
      name: "note.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture"),
    });
    await page.getByRole("button", { name: "Add photo" }).click();
    await expect(page.getByTestId("job-photo-upload-error")).toHaveText(
      "The photo must be a JPEG, PNG or WebP image (field 'photo')",
    );
    expect(await db.jobPhoto.count({ where: { jobId: job.id } })).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await fitsThePhone(page);
  });
});
