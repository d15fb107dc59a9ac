-- Site search (docs/decisions/045): one Arabic normalisation, used for the indexes and, in
-- app/shared/arabic-search.ts, for the queries (a test keeps the two the same). Hamza forms of
-- alef become «ا», «ة» «ه», «ى» and «ئ» «ي», «ؤ» «و»; diacritics (U+064B–U+0652, U+0670) and
-- tatweel (U+0640) go; Arabic-Indic and Persian digits become Latin; Persian «ک» «ی» Arabic; every
-- other character is a space; the article and its particles («ال» «وال» «بال» «كال» «فال» «لل») leave
-- the start of a word of at least two more letters.
CREATE OR REPLACE FUNCTION rifq_normalise(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    regexp_replace(
      ' ' || regexp_replace(
        translate(
          lower(input),
          'أإآٱةىئؤکی٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹'
            || chr(1600) || chr(1611) || chr(1612) || chr(1613) || chr(1614) || chr(1615)
            || chr(1616) || chr(1617) || chr(1618) || chr(1648),
          'ااااهييوكي01234567890123456789'
        ),
        '[^0-9a-z\u0621-\u063a\u0641-\u064a]+', ' ', 'g'
      ),
      ' (وال|بال|كال|فال|لل|ال)(?=[^ ]{2})', ' ', 'g'
    ),
    ' +', ' ', 'g'
  ))
$$;
--> statement-breakpoint
-- What the indexes hold: the normalised words, and next to a word that starts with one of the
-- particles «و» «ب» «ل» «ف» «ك» and has three more letters, that word without it («لكبار» is
-- found by «كبار»). Queries are only normalised: «لكبار» still finds «لكبار».
CREATE OR REPLACE FUNCTION rifq_search_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(' ' || public.rifq_normalise(input), ' ([وبلفك])([^ ]{3,})', ' \1\2 \2', 'g'))
$$;
--> statement-breakpoint
CREATE INDEX posts_search_idx ON posts
  USING gin (to_tsvector('simple', rifq_search_text(title || ' ' || content_text)));
--> statement-breakpoint
CREATE INDEX videos_search_idx ON videos
  USING gin (to_tsvector('simple', rifq_search_text(title || ' ' || coalesce(description, ''))));
--> statement-breakpoint
CREATE INDEX images_search_idx ON images
  USING gin (to_tsvector('simple', rifq_search_text(title || ' ' || coalesce(description, ''))));
--> statement-breakpoint
-- Titles on their own: which matches are title matches (ranked first) is read from these, not
-- computed for every row a common word matches.
CREATE INDEX posts_title_search_idx ON posts
  USING gin (to_tsvector('simple', rifq_search_text(title)));
--> statement-breakpoint
CREATE INDEX videos_title_search_idx ON videos
  USING gin (to_tsvector('simple', rifq_search_text(title)));
--> statement-breakpoint
CREATE INDEX images_title_search_idx ON images
  USING gin (to_tsvector('simple', rifq_search_text(title)));
