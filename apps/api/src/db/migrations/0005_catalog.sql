CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"search_text" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"name" varchar(100) NOT NULL,
	CONSTRAINT "category_translations_category_id_language_pk" PRIMARY KEY("category_id","language")
);
--> statement-breakpoint
CREATE TABLE "fragrance_translations" (
	"fragrance_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"description" varchar(255),
	"olfactory_way" varchar(200),
	CONSTRAINT "fragrance_translations_fragrance_id_language_pk" PRIMARY KEY("fragrance_id","language")
);
--> statement-breakpoint
CREATE TABLE "fragrances" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(255),
	"olfactory_way" varchar(200) NOT NULL,
	"category_id" integer NOT NULL,
	"image_key" varchar(200),
	"thumbnail_key" varchar(200),
	"search_text" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragrance_translations" ADD CONSTRAINT "fragrance_translations_fragrance_id_fragrances_id_fk" FOREIGN KEY ("fragrance_id") REFERENCES "public"."fragrances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragrances" ADD CONSTRAINT "fragrances_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_search_trgm_idx" ON "categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_search_text_key" ON "categories" USING btree ("search_text");--> statement-breakpoint
CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "fragrances_category_idx" ON "fragrances" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "fragrances_search_trgm_idx" ON "fragrances" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fragrances_search_text_idx" ON "fragrances" USING btree ("search_text","id");--> statement-breakpoint
CREATE INDEX "fragrances_created_at_idx" ON "fragrances" USING btree ("created_at","id");--> statement-breakpoint
-- search_text of named catalog records: the name lower-cased without accents (same map as users).
CREATE OR REPLACE FUNCTION set_search_text_from_name() RETURNS trigger AS $$
BEGIN
  NEW.search_text := translate(lower(NEW.name), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'aaaaaaeeeeiiiiooooouuuucnyy');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER categories_search_text BEFORE INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION set_search_text_from_name();--> statement-breakpoint
CREATE TRIGGER fragrances_search_text BEFORE INSERT OR UPDATE OF name ON fragrances
  FOR EACH ROW EXECUTE FUNCTION set_search_text_from_name();--> statement-breakpoint
CREATE TRIGGER categories_count_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_insert('categories');--> statement-breakpoint
CREATE TRIGGER categories_count_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_delete('categories');--> statement-breakpoint
CREATE TRIGGER categories_count_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_update('categories');--> statement-breakpoint
CREATE TRIGGER fragrances_count_insert AFTER INSERT ON fragrances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_insert('fragrances');--> statement-breakpoint
CREATE TRIGGER fragrances_count_delete AFTER DELETE ON fragrances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_delete('fragrances');--> statement-breakpoint
CREATE TRIGGER fragrances_count_update AFTER UPDATE ON fragrances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_update('fragrances');
