import { Button, Flex, Grid } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useWatch } from "react-hook-form";
import type { Profile } from "../../../shared/schemas/profile.ts";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Field } from "../../components/form/field.tsx";
import { Form } from "../../components/form/form.tsx";
import { SelectField } from "../../components/form/select-field.tsx";
import { useLeaveGuard } from "../../components/use-leave-guard.ts";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { showAtField } from "../../lib/server-field-error.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";
import { genderOptions } from "./gender-options.ts";
import {
	canSaveProfile,
	type ProfileFormOutput,
	profileFormDefaults,
	profileFormSchema,
	profileSavePlan,
} from "./profile-form-schema.ts";
import { ProfileImageField } from "./profile-image-field.tsx";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog.tsx";
import { useRefreshMe } from "./use-profile.ts";
import { useProfileImage } from "./use-profile-image.ts";

type Props = { user: UserPublic; profile: Profile | undefined; onDone: () => void };

/**
 * Edit mode: saves users.updateMe, then profile.update; the image is saved as soon as it
 * changes (its removal asked first). Leaving with unsaved edits asks first too.
 */
export function ProfileForm({ user, profile, onDone }: Props) {
	const { LL } = useI18n();
	const t = LL.settings.profile;
	const trpc = useTRPC();
	const refreshMe = useRefreshMe();
	const updateMe = useMutation(trpc.users.updateMe.mutationOptions());
	const updateProfile = useMutation(trpc.profile.update.mutationOptions());
	const form = useZodForm(profileFormSchema, { defaultValues: profileFormDefaults(user, profile) });
	const { register, control, formState, reset, resetField } = form;
	const email = useWatch({ control, name: "email" });
	const imageUrl = useWatch({ control, name: "profile_image_url" });

	// The image is already saved: it becomes the new default, so it does not make the form dirty.
	const onImageChange = useCallback(
		(url: string) => resetField("profile_image_url", { defaultValue: url }),
		[resetField],
	);
	const image = useProfileImage(user.id, onImageChange);
	const [confirmingRemoval, setConfirmingRemoval] = useState(false);
	const leaving = useLeaveGuard(formState.isDirty);

	const save = async (values: ProfileFormOutput) => {
		const plan = profileSavePlan(values, formState.dirtyFields);
		try {
			if (plan.user) await updateMe.mutateAsync(plan.user);
			if (plan.profile) await updateProfile.mutateAsync(plan.profile);
			notifySuccess(plan.profile ? t.updated() : t.userUpdated());
			onDone();
		} catch (error) {
			notifyMutationError(error, LL);
			showAtField(form, error, { UPDATE_EMAIL_TAKEN: "email" }, LL);
		} finally {
			// The user may have been saved even when the profile was not: the header must follow.
			await refreshMe();
		}
	};

	const cancel = () => {
		reset();
		onDone();
	};

	const numberField = (name: string, label: string, testId: string) => (
		<Field name={name} label={label} testId={testId} type="number" />
	);

	return (
		<Form form={form} onSubmit={save} data-testid="profile-form">
			{/* Registered so that resetField can store the saved image as the new default. */}
			<input type="hidden" {...register("profile_image_url")} />
			<Flex direction="column" gap="4">
				<ProfileImageField
					value={imageUrl}
					fallback={(user.full_name || user.email).charAt(0).toUpperCase()}
					state={image.state}
					busy={image.busy}
					onFile={image.upload}
					onRemove={() => setConfirmingRemoval(true)}
				/>
				<Grid columns={{ initial: "1", sm: "2" }} gap="4">
					<Field
						name="full_name"
						label={t.fullName()}
						testId="full-name-input"
						placeholder={LL.auth.fullName()}
						autoComplete="name"
					/>
					<Field
						name="email"
						label={t.email()}
						testId="email-input"
						placeholder={LL.auth.email()}
						type="email"
						autoComplete="email"
						required
					/>
					{numberField("age", t.age(), "age-input")}
					<SelectField
						name="gender"
						label={t.gender()}
						placeholder={t.genderPlaceholder()}
						emptyLabel={t.notSet()}
						options={genderOptions(LL)}
						testId="gender-select"
					/>
					{numberField("height_cm", t.height(), "height-input")}
					{numberField("current_weight_kg", t.weight(), "weight-input")}
					<Field name="phone" label={t.phone()} testId="phone-input" type="tel" autoComplete="tel" />
				</Grid>
				<Flex gap="3" wrap="wrap">
					<Button
						type="submit"
						disabled={!canSaveProfile(formState.isDirty, email) || formState.isSubmitting}
						loading={formState.isSubmitting}
					>
						{t.save()}
					</Button>
					<Button type="button" variant="soft" color="gray" onClick={cancel}>
						{t.cancel()}
					</Button>
				</Flex>
			</Flex>
			<ConfirmDialog
				open={confirmingRemoval}
				title={LL.confirmations.removeImage.title()}
				text={LL.confirmations.removeImage.text()}
				confirmLabel={LL.confirmations.removeImage.confirm()}
				cancelLabel={LL.confirmations.removeImage.cancel()}
				pending={image.busy}
				onConfirm={() => void image.remove(imageUrl).finally(() => setConfirmingRemoval(false))}
				onClose={() => setConfirmingRemoval(false)}
				testId="remove-image-dialog"
			/>
			<UnsavedChangesDialog blocker={leaving} />
		</Form>
	);
}
