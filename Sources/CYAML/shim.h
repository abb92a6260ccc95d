// The libyaml C API (https://pyyaml.org/wiki/LibYAML), found through pkg-config `yaml-0.1`.
#include <yaml.h>
