import { Button, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { ConnectionLost, waitsForConnection } from "../../components/connection-lost.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { mutationErrorText } from "../../lib/error-text.ts";
import { formatNumber } from "../../lib/locale-format.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { UsersPagination } from "../admin/users-pagination.tsx";
import { AUDIT_PAGE_SIZE, hasFilters } from "./audit-filters.ts";
import { AuditFiltersForm } from "./audit-filters-form.tsx";
import { AuditLogTable } from "./audit-log-table.tsx";
import { DownloadIcon } from "./icons.tsx";
import { useAuditExport } from "./use-audit-export.ts";
import { useAuditPage, useAuditParams } from "./use-audit-log.ts";

const pageCount = (count: number) => Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE));

/** Admin -> Audit log: the security events of every account, filtered through the URL, 20 a page, and their CSV. */
export function AuditLogScreen() {
	const { LL, locale } = useI18n();
	const t = LL.auditLog;
	usePageTitle(t.title());
	const { filters, page, setFilters, setPage, clear } = useAuditParams();
	const list = useAuditPage(filters, page);
	const { exportCsv, exporting } = useAuditExport();
	const total = list.data ? pageCount(list.data.count) : 1;
	const filtered = hasFilters(filters);

	// Past the last page (the URL was edited, or the filters narrowed): show the last page there is.
	useEffect(() => {
		if (list.data && !list.isPlaceholderData && page > total) setPage(total, { replace: true });
	}, [list.data, list.isPlaceholderData, page, total, setPage]);

	return (
		<Flex direction="column" gap="4">
			<Flex justify="between" align="center" gap="3" wrap="wrap">
				<Flex direction="column" gap="1">
					<Heading as="h1" size="6">
						{t.title()}
					</Heading>
					<Text color="gray" size="2">
						{t.intro()}
					</Text>
				</Flex>
				<Button
					variant="soft"
					highContrast
					loading={exporting}
					onClick={() => exportCsv(filters)}
					data-testid="audit-export"
				>
					<DownloadIcon />
					{exporting ? t.exporting() : t.export()}
				</Button>
			</Flex>
			<AuditFiltersForm filters={filters} onChange={setFilters} />
			<Flex justify="between" align="center" gap="3" wrap="wrap" style={{ minBlockSize: "var(--space-6)" }}>
				<Text size="2" color="gray" role="status" data-testid="audit-count">
					{list.data ? t.count({ count: formatNumber(list.data.count, locale) }) : ""}
				</Text>
				{filtered ? (
					<Button variant="ghost" color="gray" onClick={clear} data-testid="audit-clear">
						{t.filters.clear()}
					</Button>
				) : null}
			</Flex>
			{waitsForConnection(list) ? (
				<ConnectionLost />
			) : list.isPending ? (
				<Flex gap="2" align="center">
					<Spinner />
					<Text>{t.loading()}</Text>
				</Flex>
			) : list.isError && !list.data ? (
				<Flex direction="column" gap="2" align="start" role="alert">
					<Text color="red">{t.loadFailed()}</Text>
					<Text color="gray" size="2">
						{mutationErrorText(list.error, LL)}
					</Text>
					<Button variant="soft" highContrast onClick={() => void list.refetch()}>
						{t.retry()}
					</Button>
				</Flex>
			) : list.data && list.data.data.length === 0 ? (
				<Text color="gray" data-testid="audit-empty">
					{filtered ? t.noMatch() : t.empty()}
				</Text>
			) : (
				<AuditLogTable events={list.data?.data ?? []} stale={list.isPlaceholderData} />
			)}
			<UsersPagination page={page} total={total} onPage={setPage} />
		</Flex>
	);
}
