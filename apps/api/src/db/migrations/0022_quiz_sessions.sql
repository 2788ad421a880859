CREATE TABLE "quiz_answer_daily_stats" (
	"quiz_id" integer NOT NULL,
	"day" date NOT NULL,
	"quiz_answer_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"quiz_question_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_answer_daily_stats_quiz_id_day_quiz_answer_id_shard_pk" PRIMARY KEY("quiz_id","day","quiz_answer_id","shard")
);
--> statement-breakpoint
CREATE TABLE "quiz_daily_stats" (
	"quiz_id" integer NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_daily_stats_quiz_id_day_shard_pk" PRIMARY KEY("quiz_id","day","shard")
);
--> statement-breakpoint
CREATE TABLE "quiz_fragrance_daily_stats" (
	"quiz_id" integer NOT NULL,
	"day" date NOT NULL,
	"fragrance_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"recommendations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_fragrance_daily_stats_quiz_id_day_fragrance_id_shard_pk" PRIMARY KEY("quiz_id","day","fragrance_id","shard")
);
--> statement-breakpoint
CREATE TABLE "quiz_question_daily_stats" (
	"quiz_id" integer NOT NULL,
	"day" date NOT NULL,
	"quiz_question_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"left_there" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_question_daily_stats_quiz_id_day_quiz_question_id_shard_pk" PRIMARY KEY("quiz_id","day","quiz_question_id","shard")
);
--> statement-breakpoint
CREATE TABLE "quiz_session_events" (
	"session_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"type" varchar(10) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quiz_question_id" integer,
	"quiz_answer_id" integer,
	CONSTRAINT "quiz_session_events_session_id_seq_pk" PRIMARY KEY("session_id","seq"),
	CONSTRAINT "quiz_session_events_type" CHECK ("quiz_session_events"."type" in ('started', 'answered', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "quiz_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"version" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"user_id" integer,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_event_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"current_question_id" integer,
	"answer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"fragrance_ids" integer[]
);
--> statement-breakpoint
ALTER TABLE "quiz_answer_daily_stats" ADD CONSTRAINT "quiz_answer_daily_stats_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_daily_stats" ADD CONSTRAINT "quiz_daily_stats_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_fragrance_daily_stats" ADD CONSTRAINT "quiz_fragrance_daily_stats_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_question_daily_stats" ADD CONSTRAINT "quiz_question_daily_stats_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_session_events" ADD CONSTRAINT "quiz_session_events_session_id_quiz_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD CONSTRAINT "quiz_sessions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD CONSTRAINT "quiz_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_sessions_quiz_started_idx" ON "quiz_sessions" USING btree ("quiz_id","started_at","id");--> statement-breakpoint
CREATE INDEX "quiz_sessions_open_idx" ON "quiz_sessions" USING btree ("last_event_at") WHERE "quiz_sessions"."finished_at" is null and "quiz_sessions"."abandoned_at" is null;--> statement-breakpoint
CREATE INDEX "quiz_sessions_user_idx" ON "quiz_sessions" USING btree ("user_id");--> statement-breakpoint
-- A person's erasure (anonymisation keeps the users row) also cuts their quiz sessions loose: the
-- sessions and their counts stay, linked to nobody.
CREATE FUNCTION quiz_sessions_forget_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE quiz_sessions SET user_id = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_forget_quiz_sessions AFTER UPDATE OF anonymized_at ON users
  FOR EACH ROW WHEN (NEW.anonymized_at IS NOT NULL AND OLD.anonymized_at IS NULL)
  EXECUTE FUNCTION quiz_sessions_forget_account();
