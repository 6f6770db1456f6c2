import type { TFunction } from "i18next";
import { anniversaryName } from "./alerts";
import { dateFromIso, type IsoDate } from "./calendar";
import { CLIENT_LANGUAGES, isClientLanguage, type ANNIVERSARY_TYPES, type ClientLanguage } from "./client-enums";
import { dateTimeFormat } from "./date-format";
import { ordinal } from "./family";
import { PRODUCT_NAME } from "./product";

/**
 * The WhatsApp messages sent to clients (docs/decisions/022-arabic-names-and-message-templates.md):
 * one text per occasion and language, written in the client's preferred language (not the staff
 * member's). An admin may reword any of them on /profile/messages; the defaults below apply where
 * no reworded text is stored. The English defaults are the texts of docs/product-rules.md §2.
 */

export type Placeholder =
  | "firstName"
  | "fullName"
  | "date"
  | "daysLeft"
  | "inDays"
  | "when"
  | "occasion"
  | "occasionLower"
  | "memberName"
  | "birthday"
  | "product"
  | "idStatus"
  | "shopName"
  | "quoteNumber"
  | "total"
  | "validUntil"
  | "jobNumber"
  | "piece"
  | "balance";

/** The settings page's sections, in its order. */
export const OCCASION_GROUPS = [
  "birthdays",
  "familyBirthdays",
  "anniversaries",
  "emiratesId",
  "leads",
  "greeting",
  "quotes",
  "jobs",
] as const;
export type OccasionGroup = (typeof OCCASION_GROUPS)[number];

type OccasionSpec = {
  group: OccasionGroup;
  /** Placeholders the text may use. */
  placeholders: readonly Placeholder[];
  /** Placeholders the text must use: without them the message would not say what it is about. */
  required: readonly Placeholder[];
  defaults: Record<ClientLanguage, string>;
};

const ID_RENEWAL_REQUEST_EN =
  "please share your renewed Emirates ID with us so we can keep your client file up to date. Thank you!";
const ID_RENEWAL_REQUEST_AR = "نرجو مشاركتنا الهوية المجددة لنُبقي ملفك لدينا محدّثاً. شكراً لك!";

const BIRTHDAY_WISH_EN = "🎉 Wishing you a wonderful day and a brilliant year ahead, with warm wishes from all of us.";
const ANNIVERSARY_WISH_EN = "✨ Wishing you a day to remember, with warm wishes from all of us.";
const WISH_AR = "مع أطيب تمنياتنا من فريقنا جميعاً.";

const NAME = ["firstName", "fullName"] as const satisfies readonly Placeholder[];
const DAYS = ["date", "daysLeft", "inDays"] as const satisfies readonly Placeholder[];

/** Every occasion, in the order the settings page lists them. */
export const MESSAGE_OCCASIONS = {
  birthday_today: {
    group: "birthdays",
    placeholders: NAME,
    required: ["firstName"],
    defaults: {
      en: `Happy Birthday, {firstName}! ${BIRTHDAY_WISH_EN}`,
      ar: `كل عام وأنت بخير يا {firstName}! 🎉 نتمنى لك يوماً سعيداً وعاماً مليئاً بالفرح والتألق، ${WISH_AR}`,
    },
  },
  birthday_tomorrow: {
    group: "birthdays",
    placeholders: NAME,
    required: ["firstName"],
    defaults: {
      en: `Happy Birthday for tomorrow, {firstName}! ${BIRTHDAY_WISH_EN}`,
      ar: `عيد ميلاد سعيد مقدماً يا {firstName}! 🎉 نتمنى لك غداً يوماً رائعاً وعاماً مليئاً بالفرح والتألق، ${WISH_AR}`,
    },
  },
  birthday_upcoming: {
    group: "birthdays",
    placeholders: [...NAME, ...DAYS],
    required: ["firstName"],
    defaults: {
      en: "Dear {firstName}, your birthday is coming up on {date}! 🎉 We would love to help you celebrate: reply here to see pieces we have picked for you.",
      ar: "أهلاً {firstName}، يقترب عيد ميلادك في {date}! 🎉 يسعدنا أن نشاركك الاحتفال، ويكفي الرد على هذه الرسالة لنعرض عليك قطعاً اخترناها لك خصيصاً.",
    },
  },
  family_birthday_soon: {
    group: "familyBirthdays",
    placeholders: [...NAME, "memberName", "birthday", "when"],
    required: ["memberName"],
    defaults: {
      en: "Dear {firstName}, wishing {memberName} a very happy {birthday} {when}! 🎉 Warm wishes to all the family from all of us.",
      ar: "أهلاً {firstName}، كل عام و{memberName} بخير بمناسبة {birthday} {when}! 🎉 مع أطيب التمنيات للعائلة الكريمة من فريقنا جميعاً.",
    },
  },
  family_birthday_upcoming: {
    group: "familyBirthdays",
    placeholders: [...NAME, "memberName", "birthday", ...DAYS],
    required: ["memberName"],
    defaults: {
      en: "Dear {firstName}, {memberName}'s {birthday} is coming up on {date}! 🎉 If you are looking for a gift, reply here to see pieces we have picked for the occasion.",
      ar: "أهلاً {firstName}، يقترب {birthday} لـ{memberName} في {date}! 🎉 وإن كانت لديك رغبة في هدية مميزة، يكفي الرد على هذه الرسالة لنعرض عليك قطعاً اخترناها للمناسبة.",
    },
  },
  anniversary_today: {
    group: "anniversaries",
    placeholders: [...NAME, "occasion", "occasionLower"],
    required: ["firstName"],
    defaults: {
      en: `Happy {occasion}, {firstName}! ${ANNIVERSARY_WISH_EN}`,
      ar: `نهنئك بـ{occasion} يا {firstName}! ✨ نتمنى لك يوماً لا يُنسى، ${WISH_AR}`,
    },
  },
  anniversary_tomorrow: {
    group: "anniversaries",
    placeholders: [...NAME, "occasion", "occasionLower"],
    required: ["firstName"],
    defaults: {
      en: `Happy {occasion} for tomorrow, {firstName}! ${ANNIVERSARY_WISH_EN}`,
      ar: `نهنئك مقدماً بـ{occasion} غداً يا {firstName}! ✨ نتمنى لك يوماً لا يُنسى، ${WISH_AR}`,
    },
  },
  anniversary_upcoming: {
    group: "anniversaries",
    placeholders: [...NAME, "occasion", "occasionLower", ...DAYS],
    required: ["firstName"],
    defaults: {
      en: "Dear {firstName}, your {occasionLower} is coming up on {date}. ✨ Let us help you mark the day: reply here to see pieces picked for the occasion.",
      ar: "أهلاً {firstName}، تقترب {occasion} في {date}. ✨ يسعدنا أن نساعدك في الاحتفاء بهذا اليوم، ويكفي الرد على هذه الرسالة لنعرض عليك قطعاً اخترناها للمناسبة.",
    },
  },
  emirates_id_expired: {
    group: "emiratesId",
    placeholders: [...NAME, "date"],
    required: ["firstName"],
    defaults: {
      en: `Dear {firstName}, our records show that your Emirates ID expired on {date}. When convenient, ${ID_RENEWAL_REQUEST_EN}`,
      ar: `أهلاً {firstName}، تشير سجلاتنا إلى أن صلاحية هويتك الإماراتية انتهت في {date}. عند الإمكان، ${ID_RENEWAL_REQUEST_AR}`,
    },
  },
  emirates_id_expiring_soon: {
    group: "emiratesId",
    placeholders: [...NAME, "when"],
    required: ["firstName"],
    defaults: {
      en: `Dear {firstName}, a friendly reminder that your Emirates ID expires {when}. Once it is renewed, ${ID_RENEWAL_REQUEST_EN}`,
      ar: `أهلاً {firstName}، نود تذكيرك بأن صلاحية هويتك الإماراتية تنتهي {when}. بعد تجديدها، ${ID_RENEWAL_REQUEST_AR}`,
    },
  },
  emirates_id_expiring: {
    group: "emiratesId",
    placeholders: [...NAME, ...DAYS],
    required: ["firstName"],
    defaults: {
      en: `Dear {firstName}, a friendly reminder that your Emirates ID expires on {date}. Once it is renewed, ${ID_RENEWAL_REQUEST_EN}`,
      ar: `أهلاً {firstName}، نود تذكيرك بأن صلاحية هويتك الإماراتية تنتهي في {date}. بعد تجديدها، ${ID_RENEWAL_REQUEST_AR}`,
    },
  },
  lead_birthday: {
    group: "leads",
    placeholders: [...NAME, "when", "daysLeft", "product"],
    required: ["firstName"],
    defaults: {
      en: "Dear {firstName}, your birthday is {when} and we would love to help you celebrate! We have set aside a few pieces we think you will like, such as our {product}. Would you like us to reserve a time for you to visit?",
      ar: "أهلاً {firstName}، عيد ميلادك {when} ويسعدنا أن نشاركك الاحتفال! اخترنا لك بعض القطع التي نظن أنها ستعجبك، مثل {product}. هل يناسبك أن نحجز لك موعداً للزيارة؟",
    },
  },
  lead_anniversary: {
    group: "leads",
    placeholders: [...NAME, "occasion", "occasionLower", "when", "daysLeft", "product"],
    required: ["firstName"],
    defaults: {
      en: "Dear {firstName}, your {occasionLower} is {when}, congratulations in advance! If you are looking for something special, our {product} would make a beautiful gift. May we arrange a private viewing?",
      ar: "أهلاً {firstName}، {occasion} {when}، ومبارك مقدماً! وإن كانت لديك رغبة في هدية مميزة، فإن {product} هدية رائعة للمناسبة. هل يناسبك أن نرتب لك عرضاً خاصاً؟",
    },
  },
  lead_emirates_id: {
    group: "leads",
    placeholders: [...NAME, "idStatus", "product"],
    required: ["firstName"],
    defaults: {
      en: "Dear {firstName}, a courtesy reminder that the Emirates ID we have on file {idStatus}. Please share the renewed one on your next visit. We would also be glad to show you our {product}.",
      ar: "أهلاً {firstName}، نود تذكيرك بأن الهوية الإماراتية المسجلة لدينا {idStatus}. نرجو مشاركتنا الهوية المجددة في زيارتك القادمة، ويسعدنا كذلك أن نعرض عليك {product}.",
    },
  },
  lead_lapsed: {
    group: "leads",
    placeholders: [...NAME, "product"],
    required: ["firstName"],
    defaults: {
      en: "Dear {firstName}, it has been a while since your last visit and we miss you! Our new arrivals include pieces like our {product} that we think you would love. Would you like us to arrange a private viewing?",
      ar: "أهلاً {firstName}، مضى وقت منذ زيارتك الأخيرة وقد افتقدناك! تضم تشكيلتنا الجديدة قطعاً مثل {product} نظن أنها ستنال إعجابك. هل يناسبك أن نرتب لك عرضاً خاصاً؟",
    },
  },
  lead_general: {
    group: "leads",
    placeholders: [...NAME, "product"],
    required: ["firstName"],
    defaults: {
      en: "Dear {firstName}, thank you for being a valued client. We have new pieces, such as our {product}, that suit your taste. Would you like to see them?",
      ar: "أهلاً {firstName}، شكراً لكونك من عملائنا المميزين. لدينا قطع جديدة، مثل {product}، تناسب ذوقك. هل يناسبك أن نعرضها عليك؟",
    },
  },
  greeting: {
    group: "greeting",
    placeholders: [...NAME, "shopName"],
    required: [],
    defaults: {
      en: "Hello {firstName}, greetings from {shopName}!",
      ar: "مرحباً {firstName}، تحية طيبة من {shopName}!",
    },
  },
  // A quote shared from its page (app/routes/_app.quotes.$id.tsx): its number, total and the day it holds until.
  quote: {
    group: "quotes",
    placeholders: [...NAME, "quoteNumber", "total", "validUntil", "shopName"],
    required: ["quoteNumber", "total"],
    defaults: {
      en: "Dear {firstName}, here is your quote {quoteNumber} from {shopName}: {total}, at today's gold rate. It holds until the end of {validUntil}. We look forward to seeing you!",
      ar: "أهلاً {firstName}، إليك عرض السعر {quoteNumber} من {shopName}: {total}، بسعر الذهب اليوم. العرض ساري حتى نهاية يوم {validUntil}. يسعدنا استقبالك!",
    },
  },
  // A job ready to collect, sent from its page (app/routes/_app.jobs.$id.tsx): its number, the piece, what is owed.
  job_ready: {
    group: "jobs",
    placeholders: [...NAME, "jobNumber", "piece", "balance", "shopName"],
    required: ["jobNumber"],
    defaults: {
      en: "Dear {firstName}, good news from {shopName}: your {piece} (job {jobNumber}) is ready to collect. Balance due: {balance}. We look forward to seeing you!",
      ar: "أهلاً {firstName}، يسعدنا إبلاغك من {shopName} بأن {piece} (الطلب {jobNumber}) جاهزة للاستلام. المبلغ المتبقي: {balance}. يسعدنا استقبالك!",
    },
  },
} as const satisfies Record<string, OccasionSpec>;

export type MessageOccasion = keyof typeof MESSAGE_OCCASIONS;
export const MESSAGE_OCCASION_KEYS = Object.keys(MESSAGE_OCCASIONS) as MessageOccasion[];

export function occasionSpec(occasion: MessageOccasion): OccasionSpec {
  return MESSAGE_OCCASIONS[occasion];
}

export function isMessageOccasion(value: unknown): value is MessageOccasion {
  return typeof value === "string" && Object.hasOwn(MESSAGE_OCCASIONS, value);
}

/** The longest text an admin may save (a WhatsApp message, not a letter). */
export const MESSAGE_BODY_MAX = 1000;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders a text uses, in order, repeats once. */
export function placeholdersIn(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

const listed = (names: readonly string[]) => names.map((n) => `{${n}}`).join(", ");

/**
 * Why a text cannot be saved for an occasion, in the settings page's language, or null when it can:
 * an unknown placeholder (a typo would reach the client as "{frstName}") or a required one left out.
 */
export function messageBodyProblem(occasion: MessageOccasion, body: string, t: TFunction): string | null {
  const spec = occasionSpec(occasion);
  const text = body.trim();
  if (!text) return t("profile:messages.errors.empty");
  if (text.length > MESSAGE_BODY_MAX) return t("profile:messages.errors.tooLong", { count: MESSAGE_BODY_MAX });
  const allowed: readonly string[] = spec.placeholders;
  const unknown = placeholdersIn(text).filter((name) => !allowed.includes(name));
  if (unknown.length > 0)
    return t("profile:messages.errors.unknownPlaceholder", {
      unknown: listed(unknown),
      allowed: listed(spec.placeholders),
    });
  const used = placeholdersIn(text);
  const missing = spec.required.filter((name) => !used.includes(name));
  if (missing.length > 0) return t("profile:messages.errors.include", { missing: listed(missing) });
  return null;
}

/** Fills a text's placeholders; one without a value is left as written (validation keeps them out). */
export function renderMessage(body: string, values: Partial<Record<Placeholder, string | number>>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name as Placeholder];
    return value === undefined ? whole : String(value);
  });
}

/** An admin's stored wording of one occasion in one language. */
export type MessageOverride = { occasion: string; language: string; body: string };

/** The text of every occasion in every language: the admin's wording where saved, else the default. */
export type MessageBook = Record<MessageOccasion, Record<ClientLanguage, string>>;

export function messageBook(overrides: readonly MessageOverride[] = []): MessageBook {
  const book = Object.fromEntries(
    MESSAGE_OCCASION_KEYS.map((occasion) => [occasion, { ...MESSAGE_OCCASIONS[occasion].defaults }]),
  ) as MessageBook;
  for (const o of overrides)
    if (isMessageOccasion(o.occasion) && isClientLanguage(o.language)) book[o.occasion][o.language] = o.body;
  return book;
}

/** The defaults alone: for callers with no admin wording at hand (and the tests). */
export const DEFAULT_MESSAGE_BOOK: MessageBook = messageBook();

// ---------------------------------------------------------------------------------------------
// The settings page's form (/profile/messages): one text box per occasion and language.

/** A text box's name: "birthday_today-ar". */
export const templateFieldName = (occasion: MessageOccasion, language: ClientLanguage) => `${occasion}-${language}`;

export const MESSAGE_TEMPLATE_FIELDS = MESSAGE_OCCASION_KEYS.flatMap((occasion) =>
  CLIENT_LANGUAGES.map((language) => ({ occasion, language, name: templateFieldName(occasion, language) })),
);

// ---------------------------------------------------------------------------------------------
// The words placeholders are filled with, per language.

/** Whom a message goes to: the Arabic name is used in Arabic messages when the client has one. */
export type MessageRecipient = { fullName: string; fullNameAr?: string | null; preferredLanguage?: string | null };

export function recipientLanguage(recipient: MessageRecipient): ClientLanguage {
  return isClientLanguage(recipient.preferredLanguage) ? recipient.preferredLanguage : "en";
}

/** The name a message in `language` calls the client by. */
export function recipientName(recipient: MessageRecipient, language: ClientLanguage): string {
  const arabic = recipient.fullNameAr?.trim();
  return language === "ar" && arabic ? arabic : recipient.fullName.trim();
}

export function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * "in N days" in Arabic, by the plural category Intl.PluralRules gives N (0 zero, 1 one, 2 two,
 * 3–10 few, 11–99 many, 100 and more other, repeating by the last two digits).
 */
const arabicPlural = new Intl.PluralRules("ar");

export function arabicInDays(days: number): string {
  switch (arabicPlural.select(days)) {
    case "zero":
      return "اليوم";
    case "one":
      return "خلال يوم واحد";
    case "two":
      return "خلال يومين";
    case "few":
      return `خلال ${days} أيام`;
    case "many":
      return `خلال ${days} يوماً`;
    default:
      return `خلال ${days} يوم`;
  }
}

const ARABIC_ANNIVERSARIES: Record<Exclude<AnniversaryType, "Other">, string> = {
  "Wedding Anniversary": "ذكرى الزواج",
  Graduation: "ذكرى التخرج",
  "Work Anniversary": "ذكرى بدء العمل",
  "Business Anniversary": "ذكرى تأسيس العمل",
  "Engagement Anniversary": "ذكرى الخطوبة",
};

type AnniversaryType = (typeof ANNIVERSARY_TYPES)[number];

/** How each language words the facts a message is about. */
export type MessageWords = {
  language: ClientLanguage;
  /** "3 January". */
  date: (iso: IsoDate) => string;
  /** "in 5 days". */
  inDays: (days: number) => string;
  /** "today", "tomorrow" or "in 5 days". */
  when: (days: number) => string;
  /** The anniversary's name: "Wedding Anniversary"; "Anniversary" for none or Other. */
  anniversary: (type: string | null) => string;
  /** The anniversary's name as a lead says it: "wedding anniversary", "graduation". */
  leadAnniversary: (type: string | null) => string;
  /** "8th birthday" for a child's (`age` given), "birthday" for an adult's. */
  birthday: (age: number | null) => string;
  /** An Emirates ID that expired (negative days) or expires in `days`. */
  idStatus: (days: number) => string;
};

const englishInDays = (days: number) => (days === 1 ? "in 1 day" : `in ${days} days`);

const ENGLISH: MessageWords = {
  language: "en",
  date: (iso) => dateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(dateFromIso(iso)),
  inDays: englishInDays,
  when: (days) => (days === 0 ? "today" : days === 1 ? "tomorrow" : englishInDays(days)),
  anniversary: anniversaryName,
  leadAnniversary: (type) => (type?.trim() || "anniversary").toLowerCase(),
  birthday: (age) => (age === null ? "birthday" : `${ordinal(age)} birthday`),
  idStatus: (days) => (days < 0 ? "has recently expired" : `expires ${ENGLISH.when(days)}`),
};

const arabicAnniversary = (type: string | null) =>
  ARABIC_ANNIVERSARIES[(type?.trim() ?? "") as keyof typeof ARABIC_ANNIVERSARIES] ?? "الذكرى السنوية";

const ARABIC: MessageWords = {
  language: "ar",
  // Latin digits, as UAE messages write them.
  date: (iso) =>
    dateTimeFormat("ar-AE-u-nu-latn", { day: "numeric", month: "long", timeZone: "UTC" }).format(dateFromIso(iso)),
  inDays: arabicInDays,
  when: (days) => (days === 0 ? "اليوم" : days === 1 ? "غداً" : arabicInDays(days)),
  anniversary: arabicAnniversary,
  leadAnniversary: arabicAnniversary,
  birthday: (age) => (age === null ? "عيد الميلاد" : `عيد الميلاد الـ${age}`),
  idStatus: (days) => (days < 0 ? "انتهت صلاحيتها مؤخراً" : `تنتهي صلاحيتها ${ARABIC.when(days)}`),
};

export const MESSAGE_WORDS: Record<ClientLanguage, MessageWords> = { en: ENGLISH, ar: ARABIC };

/** The values every message can use: the client's names and the shop's. */
function recipientValues(recipient: MessageRecipient, language: ClientLanguage) {
  const name = recipientName(recipient, language);
  return { firstName: firstWord(name), fullName: name, shopName: PRODUCT_NAME };
}

/**
 * The message for an occasion in the client's language: the book's text (the admin's or the
 * default) filled with the values `valuesFor` words in that language.
 */
export function clientMessage(
  book: MessageBook,
  occasion: MessageOccasion,
  recipient: MessageRecipient,
  valuesFor: (words: MessageWords) => Partial<Record<Placeholder, string | number>> = () => ({}),
): string {
  const language = recipientLanguage(recipient);
  const words = MESSAGE_WORDS[language];
  return renderMessage(book[occasion][language], { ...recipientValues(recipient, language), ...valuesFor(words) });
}
