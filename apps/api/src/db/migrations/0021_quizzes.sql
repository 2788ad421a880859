CREATE TABLE "answer_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" varchar(5) NOT NULL,
	"label" varchar(200) NOT NULL,
	"search_label" varchar(200) GENERATED ALWAYS AS (search_normalise(label)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" varchar(5) NOT NULL,
	"quest" varchar(300) NOT NULL,
	"search_quest" varchar(300) GENERATED ALWAYS AS (search_normalise(quest)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"quiz_question_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"description" varchar(500),
	"is_final" boolean DEFAULT false NOT NULL,
	"next_question_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_answers_quiz_id_key" UNIQUE("quiz_id","id"),
	CONSTRAINT "quiz_answers_final_or_next" CHECK (not ("quiz_answers"."is_final" and "quiz_answers"."next_question_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "quiz_fragrance_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"quiz_answer_id" integer NOT NULL,
	"fragrance_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"fragrance_ids" integer[] NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_quiz_id_key" UNIQUE("quiz_id","id")
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"campaign_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"validated_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_version" integer,
	"search_text" varchar(210) DEFAULT '' NOT NULL,
	"search_name" varchar(100) GENERATED ALWAYS AS (search_normalise(name)) STORED NOT NULL,
	"search_campaign" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "quizzes_language" CHECK ("quizzes"."language" in ('pt-BR', 'en-US', 'es-ES'))
);
--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_answer_id_answer_texts_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answer_texts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_question_fk" FOREIGN KEY ("quiz_id","quiz_question_id") REFERENCES "public"."quiz_questions"("quiz_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A deleted next question leaves its answers leading nowhere (next_question_id alone set to null, not
-- quiz_id), which validation reports as a dead end.
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_next_question_fk" FOREIGN KEY ("quiz_id","next_question_id") REFERENCES "public"."quiz_questions"("quiz_id","id") ON DELETE SET NULL ("next_question_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_fragrance_options" ADD CONSTRAINT "quiz_fragrance_options_fragrance_id_fragrances_id_fk" FOREIGN KEY ("fragrance_id") REFERENCES "public"."fragrances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_fragrance_options" ADD CONSTRAINT "quiz_fragrance_options_answer_fk" FOREIGN KEY ("quiz_id","quiz_answer_id") REFERENCES "public"."quiz_answers"("quiz_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_publications" ADD CONSTRAINT "quiz_publications_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_publications" ADD CONSTRAINT "quiz_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_question_id_question_texts_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question_texts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_texts_language_text_key" ON "answer_texts" USING btree ("language","search_label");--> statement-breakpoint
CREATE INDEX "answer_texts_search_trgm_idx" ON "answer_texts" USING gin ("search_label" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "question_texts_language_text_key" ON "question_texts" USING btree ("language","search_quest");--> statement-breakpoint
CREATE INDEX "question_texts_search_trgm_idx" ON "question_texts" USING gin ("search_quest" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quiz_answers_question_idx" ON "quiz_answers" USING btree ("quiz_question_id","position");--> statement-breakpoint
CREATE INDEX "quiz_answers_next_question_idx" ON "quiz_answers" USING btree ("next_question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_fragrance_options_answer_fragrance_key" ON "quiz_fragrance_options" USING btree ("quiz_answer_id","fragrance_id");--> statement-breakpoint
CREATE INDEX "quiz_fragrance_options_quiz_fragrance_idx" ON "quiz_fragrance_options" USING btree ("quiz_id","fragrance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_publications_quiz_version_key" ON "quiz_publications" USING btree ("quiz_id","version");--> statement-breakpoint
CREATE INDEX "quiz_publications_fragrances_idx" ON "quiz_publications" USING gin ("fragrance_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_campaign_language_key" ON "quizzes" USING btree ("campaign_id","language");--> statement-breakpoint
CREATE INDEX "quizzes_search_trgm_idx" ON "quizzes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quizzes_search_name_idx" ON "quizzes" USING btree ("search_name","id","deleted_at");--> statement-breakpoint
CREATE INDEX "quizzes_search_campaign_idx" ON "quizzes" USING btree ("search_campaign","id","deleted_at");--> statement-breakpoint
CREATE INDEX "quizzes_created_at_idx" ON "quizzes" USING btree ("created_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "quizzes_updated_at_idx" ON "quizzes" USING btree ("updated_at","id","deleted_at");--> statement-breakpoint
-- A quiz carries its campaign's name as searched (search_campaign), so the list searches and sorts by
-- it without a join: set on insert (the campaign never changes), followed on a campaign's rename.
CREATE FUNCTION quizzes_set_campaign_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT search_normalise(name) INTO NEW.search_campaign FROM campaigns WHERE id = NEW.campaign_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER quizzes_campaign_name BEFORE INSERT OR UPDATE OF campaign_id ON quizzes
  FOR EACH ROW EXECUTE FUNCTION quizzes_set_campaign_name();
--> statement-breakpoint
CREATE FUNCTION campaigns_rename_quizzes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE quizzes SET search_campaign = search_normalise(NEW.name) WHERE campaign_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_quiz_names AFTER UPDATE OF name ON campaigns
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION campaigns_rename_quizzes();
--> statement-breakpoint
SELECT install_resource_triggers('quizzes', 'quiz', ARRAY['name', 'search_campaign']);--> statement-breakpoint
-- The draft's parts are the quiz's history; a publication is recorded by the quiz's published_at (its
-- snapshot would only repeat the parts).
SELECT install_audit_trigger('quiz_questions', 'quiz', 'quiz_id');--> statement-breakpoint
SELECT install_audit_trigger('quiz_answers', 'quiz', 'quiz_id');--> statement-breakpoint
SELECT install_audit_trigger('quiz_fragrance_options', 'quiz', 'quiz_id');
