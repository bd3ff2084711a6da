/** English labels are shared with the server, which names fields by them (words/entity-labels). */
export { default } from '../../../../words/entity-labels/en';
