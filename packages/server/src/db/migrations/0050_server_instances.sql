CREATE TABLE "server_instances" (
	"id" varchar(16) PRIMARY KEY NOT NULL,
	"url" varchar(256) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
