import type { ReactNode } from "react";
import { useLoaderData } from "react-router";
import { listMeta } from "~/components/admin/list-screen";
import { CategoryBadge, MediaCard, mediaFacts } from "~/components/admin/media-card";
import { StaffMediaList } from "~/components/admin/media-list";
import { ErrorScreen } from "~/components/error-screen";
import {
  deleteImage,
  listImagesForStaff,
  STAFF_IMAGES_PAGE_SIZE,
  type StaffImageRow,
} from "~/models/images.server";
import { listMutations, runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { imageSrcSet } from "~/shared/image-rules";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.images);

const DELETE_CONFIRMATION =
  "هل أنت متأكد من حذف هذه الصورة؟ لا يمكن التراجع عن هذا الإجراء وسيتم حذفها نهائياً.";
const LOAD_FAILED = "فشل في تحميل الصور";

/** Spec §2.8: the gallery's images, for editors and admins (docs/decisions/020). */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...list } = await loadStaffPage(request, {
    list: listImagesForStaff,
    pageSize: STAFF_IMAGES_PAGE_SIZE,
    loadFailed: LOAD_FAILED,
    what: "gallery images",
  });
  return { images: items, ...list };
}

/** Row buttons: `intent` = delete, with the image's `id` (its files go too). */
export async function action({ request }: Route.ActionArgs) {
  return runListMutation(request, listMutations(CONTENT_TYPES.images, { remove: deleteImage }));
}

function ImageCard({ image, actions }: { image: StaffImageRow; actions: ReactNode }) {
  return (
    <MediaCard
      media={
        <img
          src={image.imageUrl}
          srcSet={imageSrcSet(image.imageUrl)}
          sizes="(min-width: 1280px) 22rem, (min-width: 640px) 45vw, 92vw"
          alt={image.description || image.title}
          loading="lazy"
          className="aspect-video w-full bg-surface object-cover"
        />
      }
      badges={<CategoryBadge name={image.categoryName} />}
      title={image.title}
      description={image.description}
      facts={[mediaFacts.author(image.authorName), mediaFacts.created(image.createdAt)]}
      actions={actions}
    />
  );
}

export default function ImagesList() {
  const { images, q, loadError, ...pages } = useLoaderData<typeof loader>();
  return (
    <StaffMediaList
      type={CONTENT_TYPES.images}
      grid="compact"
      label="قائمة الصور"
      rows={images}
      deleteMessage={DELETE_CONFIRMATION}
      searching={Boolean(q)}
      loadError={loadError}
      page={pages}
      card={(image, actions) => <ImageCard image={image} actions={actions} />}
    />
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
