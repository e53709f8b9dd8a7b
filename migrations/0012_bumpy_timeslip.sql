ALTER TABLE `mfa_tokens` ADD `method` text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE `mfa_tokens` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ends_at` integer;