/**
 * Records of one kind (sessions, or tokens) remembered by id, at most `capacity` (the oldest
 * remembered goes first), each filed under its user so that a write to the user forgets them all.
 */
export class RememberedRecords<R> {
	private readonly records = new Map<string, R>();
	private readonly idsOfUser = new Map<string, Set<string>>();
	private readonly capacity: number;
	private readonly userIdOf: (record: R) => string;

	constructor(capacity: number, userIdOf: (record: R) => string) {
		this.capacity = capacity;
		this.userIdOf = userIdOf;
	}

	get(id: string): R | undefined {
		return this.records.get(id);
	}

	get size(): number {
		return this.records.size;
	}

	remember(id: string, record: R): void {
		if (this.records.size >= this.capacity) {
			const oldest = this.records.keys().next().value;
			if (oldest !== undefined) this.forget(oldest);
		}
		this.records.set(id, record);
		const userId = this.userIdOf(record);
		let ids = this.idsOfUser.get(userId);
		if (!ids) {
			ids = new Set();
			this.idsOfUser.set(userId, ids);
		}
		ids.add(id);
	}

	forget(id: string): void {
		const record = this.records.get(id);
		if (record === undefined) return;
		this.records.delete(id);
		const userId = this.userIdOf(record);
		const ids = this.idsOfUser.get(userId);
		ids?.delete(id);
		if (ids?.size === 0) this.idsOfUser.delete(userId);
	}

	forgetUser(userId: string): void {
		for (const id of this.idsOfUser.get(userId) ?? []) this.forget(id);
	}

	clear(): void {
		this.records.clear();
		this.idsOfUser.clear();
	}
}
