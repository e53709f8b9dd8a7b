import admin from "../../shared/i18n/en/admin/index.ts";
import audit from "../../shared/i18n/en/audit/index.ts";
import auditLog from "../../shared/i18n/en/auditLog/index.ts";
import confirmations from "../../shared/i18n/en/confirmations/index.ts";
import dashboard from "../../shared/i18n/en/dashboard/index.ts";
import forms from "../../shared/i18n/en/forms/index.ts";
import reauth from "../../shared/i18n/en/reauth/index.ts";
import sessions from "../../shared/i18n/en/sessions/index.ts";
import settings from "../../shared/i18n/en/settings/index.ts";
import summary from "../../shared/i18n/en/summary/index.ts";
import tasks from "../../shared/i18n/en/tasks/index.ts";
import user from "../../shared/i18n/en/user/index.ts";
import verification from "../../shared/i18n/en/verification/index.ts";
import type { NamespaceTexts } from "./namespace-texts.ts";

/** Every English namespace: one chunk, loaded by ./namespaces.ts. */
export default {
	admin,
	audit,
	auditLog,
	confirmations,
	dashboard,
	forms,
	reauth,
	sessions,
	settings,
	summary,
	tasks,
	user,
	verification,
} satisfies NamespaceTexts;
