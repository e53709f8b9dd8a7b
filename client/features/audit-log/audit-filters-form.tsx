import { Flex, Grid, Select, Text, TextField } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState } from "react";
import { type AuditAction, auditActionKey, auditActions } from "../../../shared/audit-actions.ts";
import { useDir } from "../../components/use-dir.ts";
import { useI18n } from "../../i18n/index.tsx";
import type { AuditLogFilters } from "./audit-filters.ts";
import { DayFilter } from "./day-filter.tsx";

const ALL = "__all";
/** Typing pauses this long before the list follows the e-mail box. */
const USER_DEBOUNCE_MS = 400;

type Props = {
	filters: AuditLogFilters;
	onChange: (change: Partial<AuditLogFilters>, options?: { replace?: boolean }) => void;
};

/** Action, user e-mail and a range of days; each change goes to the URL at once (the e-mail after a pause). */
export function AuditFiltersForm({ filters, onChange }: Props) {
	const { LL } = useI18n();
	const t = LL.auditLog.filters;
	const dir = useDir();
	const id = useId();
	const [user, setUser] = useState(filters.user);
	const typed = useRef(filters.user);

	// The URL changed under the box (Back, Clear filters): show what it says now.
	useEffect(() => {
		if (filters.user !== typed.current) {
			typed.current = filters.user;
			setUser(filters.user);
		}
	}, [filters.user]);

	// biome-ignore lint/correctness/useExhaustiveDependencies: only a new value typed in the box is committed
	useEffect(() => {
		const value = user.trim();
		if (value === typed.current) return;
		const timer = setTimeout(() => {
			typed.current = value;
			onChange({ user: value });
		}, USER_DEBOUNCE_MS);
		return () => clearTimeout(timer);
	}, [user]);

	const commitUser = () => {
		const value = user.trim();
		if (value === typed.current) return;
		typed.current = value;
		onChange({ user: value });
	};

	const actionLabel = (action: AuditAction) => LL.audit.actions[auditActionKey(action)]();

	return (
		<search aria-label={t.label()}>
			<form
				onSubmit={(event) => {
					event.preventDefault();
					commitUser();
				}}
			>
				<Grid columns={{ initial: "1", xs: "2", lg: "4" }} gap="3" align="start">
					<Flex direction="column" gap="1">
						<Text as="label" htmlFor={`${id}-action`} size="2" weight="medium">
							{t.action()}
						</Text>
						<Select.Root
							dir={dir}
							value={filters.action ?? ALL}
							onValueChange={(value) => onChange({ action: value === ALL ? null : (value as AuditAction) })}
						>
							<Select.Trigger id={`${id}-action`} data-testid="audit-action-filter" />
							<Select.Content position="popper">
								<Select.Item value={ALL}>{t.allActions()}</Select.Item>
								<Select.Separator />
								{auditActions.map((action) => (
									<Select.Item key={action} value={action}>
										{actionLabel(action)}
									</Select.Item>
								))}
							</Select.Content>
						</Select.Root>
					</Flex>
					<Flex direction="column" gap="1">
						<Text as="label" htmlFor={`${id}-user`} size="2" weight="medium">
							{t.user()}
						</Text>
						<TextField.Root
							id={`${id}-user`}
							type="search"
							inputMode="email"
							autoComplete="off"
							spellCheck={false}
							dir="ltr"
							data-testid="audit-user-filter"
							aria-describedby={`${id}-user-hint`}
							value={user}
							onChange={(event) => setUser(event.target.value)}
							onBlur={commitUser}
						/>
						<Text id={`${id}-user-hint`} size="1" color="gray">
							{t.userHint()}
						</Text>
					</Flex>
					<DayFilter
						id={`${id}-since`}
						label={t.from()}
						testId="audit-since-filter"
						value={filters.since}
						max={filters.until || undefined}
						onChange={(since) => onChange({ since })}
					/>
					<DayFilter
						id={`${id}-until`}
						label={t.to()}
						testId="audit-until-filter"
						value={filters.until}
						min={filters.since || undefined}
						onChange={(until) => onChange({ until })}
					/>
				</Grid>
			</form>
		</search>
	);
}
