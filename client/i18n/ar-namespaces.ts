import admin from "../../shared/i18n/ar/admin/index.ts";
import audit from "../../shared/i18n/ar/audit/index.ts";
import auditLog from "../../shared/i18n/ar/auditLog/index.ts";
import confirmations from "../../shared/i18n/ar/confirmations/index.ts";
import dashboard from "../../shared/i18n/ar/dashboard/index.ts";
import forms from "../../shared/i18n/ar/forms/index.ts";
import reauth from "../../shared/i18n/ar/reauth/index.ts";
import sessions from "../../shared/i18n/ar/sessions/index.ts";
import settings from "../../shared/i18n/ar/settings/index.ts";
import summary from "../../shared/i18n/ar/summary/index.ts";
import tasks from "../../shared/i18n/ar/tasks/index.ts";
import user from "../../shared/i18n/ar/user/index.ts";
import verification from "../../shared/i18n/ar/verification/index.ts";
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
