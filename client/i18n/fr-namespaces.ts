import admin from "../../shared/i18n/fr/admin/index.ts";
import audit from "../../shared/i18n/fr/audit/index.ts";
import auditLog from "../../shared/i18n/fr/auditLog/index.ts";
import confirmations from "../../shared/i18n/fr/confirmations/index.ts";
import dashboard from "../../shared/i18n/fr/dashboard/index.ts";
import forms from "../../shared/i18n/fr/forms/index.ts";
import reauth from "../../shared/i18n/fr/reauth/index.ts";
import sessions from "../../shared/i18n/fr/sessions/index.ts";
import settings from "../../shared/i18n/fr/settings/index.ts";
import summary from "../../shared/i18n/fr/summary/index.ts";
import tasks from "../../shared/i18n/fr/tasks/index.ts";
import user from "../../shared/i18n/fr/user/index.ts";
import verification from "../../shared/i18n/fr/verification/index.ts";
import type { NamespaceTexts } from "./namespace-texts.ts";

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
