/**
 * pip, refusing any dependency that is a direct reference (`name @ url`) before it is fetched. pip follows one in
 * any wheel's metadata, and `--only-binary` does not hold for it: it would fetch the URL (the host's loopback, say)
 * and build an sdist there, running its setup code in the install box with its network and the operator's
 * configuration. Fails closed: a pip without the hook installs nothing.
 */
export const PIP_WITHOUT_DIRECT_REFERENCES = `import sys
from pip._internal.exceptions import InstallationError
from pip._internal.resolution.resolvelib.factory import Factory
from pip._vendor.packaging.requirements import Requirement
def hook(name):
    from_spec = getattr(Factory, name)
    def checked(self, specifier, comes_from, *args, **kwargs):
        if Requirement(specifier).url:
            raise InstallationError('direct reference refused: %s requires %s' % (getattr(comes_from, 'name', None), specifier))
        return from_spec(self, specifier, comes_from, *args, **kwargs)
    setattr(Factory, name, checked)
# Named so up to pip 23.2, and make_requirements_from_spec since.
names = [n for n in ('make_requirement_from_spec', 'make_requirements_from_spec') if hasattr(Factory, n)]
if not names:
    sys.exit('this pip has no hook for direct references')
for n in names:
    hook(n)
from pip._internal.cli.main import main
sys.exit(main())
`
