CREATE INDEX `users_name_email_idx` ON `users` ("full_name" COLLATE NOCASE,`email`);--> statement-breakpoint
-- The admin search: a trigram index over e-mail and full name, so a case-insensitive substring
-- search needs no scan. It holds no copy of the text (external content: the users table), and
-- the triggers below keep it in step with every insert, update and delete.
CREATE VIRTUAL TABLE `users_search` USING fts5(email, full_name, content='users', content_rowid='rowid', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO `users_search`(rowid, email, full_name) VALUES (new.rowid, new.email, new.full_name);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
	INSERT INTO `users_search`(`users_search`, rowid, email, full_name) VALUES ('delete', old.rowid, old.email, old.full_name);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF email, full_name ON `users` BEGIN
	INSERT INTO `users_search`(`users_search`, rowid, email, full_name) VALUES ('delete', old.rowid, old.email, old.full_name);
	INSERT INTO `users_search`(rowid, email, full_name) VALUES (new.rowid, new.email, new.full_name);
END;--> statement-breakpoint
INSERT INTO `users_search`(`users_search`) VALUES ('rebuild');
