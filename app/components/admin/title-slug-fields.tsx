import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { InputField } from "~/components/ui/field";
import { slugify } from "~/shared/slug";

/**
 * A form's title and its link (posts, pages): a new entry's link follows the title as it is
 * typed, until the link itself is edited; an edited entry keeps its link.
 */
export function TitleSlugFields({
  titleLabel,
  title,
  slug,
  slugHint,
  isNew,
  setSlug,
}: {
  titleLabel: string;
  title: FieldMetadata<string | undefined>;
  slug: FieldMetadata<string | undefined>;
  slugHint: string;
  isNew: boolean;
  /** Sets the link field's value (the form's `update`). */
  setSlug: (value: string) => void;
}) {
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(isNew);
  return (
    <>
      <InputField
        label={titleLabel}
        meta={title}
        onInput={(event) => {
          if (slugFollowsTitle) setSlug(slugify(event.currentTarget.value));
        }}
      />
      <InputField
        label="الرابط"
        meta={slug}
        hint={slugHint}
        onInput={() => slugFollowsTitle && setSlugFollowsTitle(false)}
      />
    </>
  );
}
