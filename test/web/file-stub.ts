// Stands in for stylesheets and images imported by components under Jest.
export default 'test-file-stub';
