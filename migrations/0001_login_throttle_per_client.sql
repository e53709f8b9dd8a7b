PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_login_throttle` (
	`email` text NOT NULL,
	`client` text NOT NULL,
	`failures` integer NOT NULL,
	`locked_until` integer NOT NULL,
	PRIMARY KEY(`email`, `client`)
);
--> statement-breakpoint
DROP TABLE `login_throttle`;--> statement-breakpoint
ALTER TABLE `__new_login_throttle` RENAME TO `login_throttle`;--> statement-breakpoint
PRAGMA foreign_keys=ON;