import { Flex, Select, TextField } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState } from "react";
import type { UserSort } from "../../../shared/schemas/user-list.ts";
import { useDir } from "../../components/use-dir.ts";
import { useI18n } from "../../i18n/index.tsx";
import { SearchIcon } from "./admin-icons.tsx";
import type { ListChange, ListParams } from "./list-params.ts";

/** How long typing pauses before the list follows: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

type Props = {
	params: ListParams;
	change: (changes: ListChange, options?: { replace?: boolean }) => void;
	/** A sort menu, for the layouts whose columns cannot all be sorted from their headers. */
	showSort: boolean;
};

/** Select's value for "no filter": Radix Select takes no empty value. */
const ANY = "any";

/** The search box (debounced), the role, status and e-mail filters, and the sort menu on narrow layouts. */
export function UsersToolbar({ params, change, showSort }: Props) {
	const { LL } = useI18n();
	const t = LL.admin;
	const dir = useDir();
	return (
		<search aria-label={t.filters.label()}>
			<Flex gap="2" wrap="wrap" align="center">
				<SearchBox params={params} change={change} />
				<FilterSelect
					label={t.filters.role()}
					value={params.role}
					options={[
						[ANY, t.filters.anyRole()],
						["superuser", t.superuser()],
						["user", t.user()],
					]}
					onChange={(role) => change({ role: role as ListParams["role"] })}
					dir={dir}
					testId="role-filter"
				/>
				<FilterSelect
					label={t.filters.status()}
					value={params.status}
					options={[
						[ANY, t.filters.anyStatus()],
						["active", t.active()],
						["inactive", t.inactive()],
						["invited", t.invitedStatus()],
					]}
					onChange={(status) => change({ status: status as ListParams["status"] })}
					dir={dir}
					testId="status-filter"
				/>
				<FilterSelect
					label={t.filters.verified()}
					value={params.verified}
					options={[
						[ANY, t.filters.anyVerified()],
						["true", t.filters.verifiedOnly()],
						["false", t.filters.unverifiedOnly()],
					]}
					onChange={(verified) => change({ verified: verified as ListParams["verified"] })}
					dir={dir}
					testId="verified-filter"
				/>
				{showSort ? (
					<FilterSelect
						label={t.filters.sort()}
						value={params.sort}
						options={[
							["-created_at", t.sorts.newest()],
							["created_at", t.sorts.oldest()],
							["full_name", t.sorts.nameAz()],
							["-full_name", t.sorts.nameZa()],
							["email", t.sorts.emailAz()],
							["-email", t.sorts.emailZa()],
						]}
						onChange={(sort) => change({ sort: (sort ?? "-created_at") as UserSort })}
						dir={dir}
						testId="sort-select"
					/>
				) : null}
			</Flex>
		</search>
	);
}

/**
 * The search box: what is typed reaches the URL (and the list) once typing pauses, or at
 * once on Enter. Starting a search adds a history entry; refining it replaces that entry,
 * so Back returns to the list before the search, not to each word typed.
 */
function SearchBox({ params, change }: Pick<Props, "params" | "change">) {
	const { LL } = useI18n();
	const [text, setText] = useState(params.q);
	const sent = useRef(params.q);

	// The URL changed by itself (Back, Clear filters): the box shows it.
	useEffect(() => {
		if (params.q !== sent.current) {
			sent.current = params.q;
			setText(params.q);
		}
	}, [params.q]);

	const send = (value: string) => {
		const q = value.trim();
		if (q === sent.current) return;
		const refining = sent.current !== "" && q !== "";
		sent.current = q;
		change({ q }, { replace: refining });
	};
	// biome-ignore lint/correctness/useExhaustiveDependencies: only a new text restarts the wait
	useEffect(() => {
		const timer = setTimeout(() => send(text), SEARCH_DEBOUNCE_MS);
		return () => clearTimeout(timer);
	}, [text]);

	return (
		<TextField.Root
			type="search"
			aria-label={LL.admin.search.label()}
			className="users-search"
			placeholder={LL.admin.search.placeholder()}
			value={text}
			onChange={(event) => setText(event.target.value)}
			onKeyDown={(event) => {
				if (event.key === "Enter") send(text);
			}}
			data-testid="user-search"
			autoComplete="off"
		>
			<TextField.Slot>
				<SearchIcon />
			</TextField.Slot>
		</TextField.Root>
	);
}

type FilterSelectProps = {
	label: string;
	value: string | undefined;
	options: [string, string][];
	onChange: (value: string | undefined) => void;
	dir: "ltr" | "rtl";
	testId: string;
};

/** A filter menu named by its label and its value ("Role All roles"); its first option is "no filter". */
function FilterSelect({ label, value, options, onChange, dir, testId }: FilterSelectProps) {
	const id = useId();
	return (
		<Select.Root dir={dir} value={value ?? ANY} onValueChange={(next) => onChange(next === ANY ? undefined : next)}>
			<span id={`${id}-label`} hidden>
				{label}
			</span>
			<Select.Trigger
				id={`${id}-trigger`}
				aria-labelledby={`${id}-label ${id}-trigger`}
				data-testid={testId}
				variant="surface"
			/>
			<Select.Content position="popper">
				{options.map(([optionValue, text]) => (
					<Select.Item key={optionValue} value={optionValue}>
						{text}
					</Select.Item>
				))}
			</Select.Content>
		</Select.Root>
	);
}
