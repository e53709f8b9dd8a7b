import { Button, Flex, Text } from "@radix-ui/themes";
import { useI18n } from "../../i18n/index.tsx";
import { pageNumbers } from "./paging.ts";

type Props = { page: number; total: number; onPage: (page: number) => void };

/** Previous, the page numbers and Next; only rendered when there is more than one page. */
export function UsersPagination({ page, total, onPage }: Props) {
	const { LL } = useI18n();
	const t = LL.admin.pagination;
	if (total <= 1) return null;
	return (
		<nav aria-label={t.label()} data-testid="pagination">
			<Flex gap="2" align="center" justify="end" wrap="wrap">
				<Button variant="soft" color="gray" disabled={page <= 1} onClick={() => onPage(page - 1)}>
					{t.previous()}
				</Button>
				{pageNumbers(page, total).map((number, index) =>
					number === null ? (
						// biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
						<Text key={`gap-${index}`} color="gray" aria-hidden="true">
							…
						</Text>
					) : (
						<Button
							// The current page is drawn like every primary button (teal); the others in grey.
							highContrast={number !== page}
							key={number}
							variant={number === page ? "solid" : "soft"}
							color={number === page ? undefined : "gray"}
							aria-current={number === page ? "page" : undefined}
							aria-label={t.page({ page: number })}
							onClick={() => onPage(number)}
						>
							{number}
						</Button>
					),
				)}
				<Button variant="soft" color="gray" disabled={page >= total} onClick={() => onPage(page + 1)}>
					{t.next()}
				</Button>
			</Flex>
		</nav>
	);
}
