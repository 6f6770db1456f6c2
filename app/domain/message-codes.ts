/**
 * Every message a service or a domain rule gives, by its code: the catalog key the pages translate
 * (app/i18n/messages.ts) and the JSON API says in English (app/i18n/english.server.ts). A new message is a
 * line here and one catalog entry per language; message-codes.test.ts fails when a language lacks one.
 * Domain modules name codes from here and never read a catalog.
 */
export const MESSAGE_CODES = {
  // Codes, sign-in and lockout (app/auth/code-check.server.ts).
  codeIncomplete: "login:errors.incomplete",
  invalidCode: "login:errors.invalidCode",
  locked: "account:errors.locked",
  // zod's own complaints, where a schema names them (app/i18n/zod-messages.ts words the rest).
  required: "validation:required",
  invalidInput: "validation:invalidInput",
  // Authenticator setup (app/services/authenticators.server.ts).
  invalidSetupCode: "account:errors.invalidSetupCode",
  noSetup: "account:errors.noSetup",
  currentCodeNeeded: "account:errors.currentCodeNeeded",
  deviceNotLinked: "account:errors.deviceNotLinked",
  setupScan: "account:setup.scan",
  setupScanNewDevice: "account:setup.scanNewDevice",
  setupNote: "account:setup.note",
  setupAlreadyLinked: "account:setup.alreadyLinked",
  setupAlreadyLinkedNote: "account:setup.alreadyLinkedNote",
  // User management (app/services/users.server.ts, app/domain/user-protections.ts).
  adminGateRequired: "users:gate.required",
  userNotFound: "users:errors.notFound",
  adminsOnly: "users:errors.adminsOnly",
  oneTimeCodeMethod: "users:errors.oneTimeCodeMethod",
  oneTimeCodeInactive: "users:errors.oneTimeCodeInactive",
  handoverSelf: "users:errors.handoverSelf",
  handoverInactive: "users:errors.handoverInactive",
  userNameRequired: "users:form.errors.nameRequired",
  userNameTooLong: "users:form.errors.nameTooLong",
  userInvalidEmail: "users:form.errors.invalidEmail",
  userInvalidPhone: "users:form.errors.invalidPhone",
  userDepartmentTooLong: "users:form.errors.departmentTooLong",
  duplicateEmail: "users:form.errors.duplicateEmail",
  duplicatePhone: "users:form.errors.duplicatePhone",
  selfDelete: "users:errors.selfDelete",
  selfDeactivate: "users:errors.selfDeactivate",
  lastAdmin: "users:errors.lastAdmin",
  selfAuthType: "users:errors.selfAuthType",
  selfLastDevice: "users:errors.selfLastDevice",
  // Client owners (app/services/client-owners.server.ts).
  selectOneClient: "clientActions:owner.errors.selectOne",
  ownerInactive: "clientActions:owner.errors.inactive",
  ownerNotUserId: "clientActions:owner.errors.notUserId",
  ownerNotAllowed: "clientActions:owner.errors.notAllowed",
  clientNotFound: "clientActions:owner.errors.notFound",
  // Writing a client (app/services/client-writes.server.ts, app/domain/duplicate-mobile.ts).
  mobileTaken: "clientForm:messages.mobileTaken",
  mobileTakenDeleted: "clientForm:messages.mobileTakenDeleted",
  mobileInUse: "clientForm:messages.mobileInUse",
  saleDateFuture: "clientForm:messages.saleDateFuture",
  protectedField: "clientForm:messages.protectedField",
  // Sales and voids (app/services/sales.server.ts).
  associateInactive: "clientActions:sale.errors.associateInactive",
  invoiceTaken: "clientActions:sale.errors.invoiceTaken",
  invoiceTakenBy: "clientActions:sale.errors.invoiceTakenBy",
  saleNotFound: "clientActions:voidSale.errors.notFound",
  alreadyVoid: "clientActions:voidSale.errors.alreadyVoid",
  voidRefused: "clientActions:voidSale.errors.refused",
} as const;

export type MessageCode = (typeof MESSAGE_CODES)[keyof typeof MESSAGE_CODES];
