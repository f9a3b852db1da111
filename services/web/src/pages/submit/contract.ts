import { pageContract } from '../contract'

/** `/submit`: the submission form. */
export const submitPage = pageContract('GET', '/submit', 'submitPage', 'The submission form')

/** The form's post: the submission's answer, or the form again with the API's messages per field. */
export const submitForm = pageContract('POST', '/submit', 'submitForm', 'Submits the form')
