<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="19" tileheight="53" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="21" y="28" width="19" height="53">
  <properties>
   <property name="pivot" value="5,11"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r13/sheets/s/0"/>
  </properties>
  <image source="../../../../art/r13/sheets/s.png"/>
 </tile>
</tileset>
