import { z } from "zod";
import { MAX_ATTENDEES } from "~/shared/events";
import { mobile, optionalEmail } from "~/shared/outreach-fields";
import { oneLineText } from "~/shared/text-fields";

/** The registration form of an event's page, checked in the browser and on the server. */

export const ATTENDEES_INVALID = `عدد الحضور رقم من 1 إلى ${MAX_ATTENDEES}`;

export const eventRegistrationSchema = z.object({
  fullName: oneLineText(100, {
    required: "الاسم الكامل مطلوب",
    tooLong: "الاسم يجب ألا يزيد على 100 حرف",
  }),
  phone: mobile,
  email: optionalEmail,
  attendees: z
    .number({ error: ATTENDEES_INVALID })
    .int(ATTENDEES_INVALID)
    .min(1, ATTENDEES_INVALID)
    .max(MAX_ATTENDEES, ATTENDEES_INVALID)
    .default(1),
});
