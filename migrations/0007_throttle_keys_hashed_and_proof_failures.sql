CREATE TABLE `proof_failures` (
	`kind` text NOT NULL,
	`holder` text NOT NULL,
	`failures` integer NOT NULL,
	`window_ends_at` integer NOT NULL,
	`notice_sent` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`kind`, `holder`)
);
--> statement-breakpoint
CREATE INDEX `proof_failures_window_idx` ON `proof_failures` (`window_ends_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_login_throttle` (
	`account_key` text NOT NULL,
	`client_key` text NOT NULL,
	`failures` integer NOT NULL,
	`locked_until` integer NOT NULL,
	PRIMARY KEY(`account_key`, `client_key`)
);
--> statement-breakpoint
-- The waits kept under raw e-mails are dropped: they were at most 300 s long, and the keys are now hashes.
DROP TABLE `login_throttle`;--> statement-breakpoint
ALTER TABLE `__new_login_throttle` RENAME TO `login_throttle`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `login_throttle_locked_until_idx` ON `login_throttle` (`locked_until`);