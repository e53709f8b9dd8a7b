CREATE TABLE `user_count` (
	`id` integer PRIMARY KEY DEFAULT 1 NOT NULL,
	`users` integer NOT NULL
);
--> statement-breakpoint
-- The admin list's total for everyone, kept by the triggers below with every insert and
-- delete of a user, so a page of the list reads one row instead of counting every user
-- (docs/decisions/036).
INSERT INTO `user_count` (`id`, `users`) SELECT 1, count(*) FROM `users`;--> statement-breakpoint
CREATE TRIGGER `user_count_insert` AFTER INSERT ON `users` BEGIN
	UPDATE `user_count` SET `users` = `users` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `user_count_delete` AFTER DELETE ON `users` BEGIN
	UPDATE `user_count` SET `users` = `users` - 1 WHERE `id` = 1;
END;
